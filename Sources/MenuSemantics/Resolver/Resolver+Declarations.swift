import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

// Declarations: building each top-level declaration once, the menus it splices first, and unknown names.
extension Resolver {
    func declaration(_ key: DeclarationKey) -> Int32 {
        let slot = slot(of: key.file)
        let cached = builtDeclarations[slot][key.index]
        if cached >= 0 { return cached }
        let tree = tree(key.file)
        let element = Int(tree.topLevel[key.index])
        let node = tree.elements[element]
        let assigned = assignedID(ofTopLevel: key)
        reportMisplacement(of: element, in: tree)
        inProgress.append(key)
        let outer = building
        building = SpliceShape()
        let index = build(element, in: tree, parentKind: nil, parentContext: .control, assigned: assigned, parent: -1, depth: 0, path: 0,
                          misplaced: !node.kind.mayBeDeclared)
        if node.kind == .menu, mayBeSpliced(key) {
            shapeOfMenu[index] = Int32(menuShapes.count)
            menuShapes.append(building)
        }
        building = outer
        inProgress.removeLast()
        builtDeclarations[slot][key.index] = index
        return index
    }

    /// Finds the declared menu a `use` or `menu:` names; nil after reporting.
    func referencedMenu(_ range: TextRange, in tree: SyntaxTree, what: String) -> Int32? {
        let file = tree.file.id
        let nameID = intern(range, in: tree)
        let name = Name(text: text(nameID), span: tree.span(range))
        guard let key = lookup(nameID, from: file) else {
            reportUnknown(name, declared: declaredNames(.menu, in: file), what: what, kindWanted: "menu")
            return nil
        }
        let targetTree = self.tree(key.file)
        let target = Int(targetTree.topLevel[key.index])
        let targetKind = targetTree.elements[target].kind
        guard targetKind == .menu else {
            report(.error(.unknownReference, "'\(name.text)' is a \(targetKind.rawValue), but \(what) needs a menu", at: name.span,
                          label: "not a menu", secondary: [LabeledSpan(focus(target, in: targetTree), "'\(name.text)' is declared here")]))
            return nil
        }
        if let start = inProgress.firstIndex(of: key) {
            let names = (inProgress[start...] + [key]).map(idText(ofTopLevel:))
            report(.error(.referenceCycle, CycleText.describe("reference cycle", names, of: "menus"), at: name.span,
                          label: "refers back to '\(name.text)'",
                          secondary: [LabeledSpan(focus(target, in: targetTree), "'\(name.text)' is declared here")],
                          help: "a menu cannot contain itself; move the shared items into a menu that neither uses"))
            return nil
        }
        if !isBuilt(key) { buildSplicedMenusFirst(from: key) }
        if !isBuilt(key), buildDepth >= Resolver.maximumBuildDepth {
            report(.error(.spliceTooLarge, "splicing '\(name.text)' here goes more than \(Resolver.maximumBuildDepth) levels deep, through \(inProgress.count) menus that each splice the next",
                          at: name.span, label: "too deep",
                          notes: ["a menu is built before the menu that splices it, so each menu of the chain waits for the next; menuc refuses a chain this long rather than follow it"],
                          help: "splice the menus in fewer steps: let each place splice what it shows directly"))
            return nil
        }
        return declaration(key)
    }

    private func isBuilt(_ key: DeclarationKey) -> Bool {
        builtDeclarations[slot(of: key.file)][key.index] >= 0
    }

    /// Builds the declaration `key`, which a `use` or `menu:` names, and
    /// first every menu it splices that isn't built yet, directly or not,
    /// each after the menus it splices itself: depth first, on a stack of
    /// its own. Every splice then finds its menu built, so a chain of
    /// menus that each splice the next, written in any order, is built
    /// without recursion and measured the same way (`SpliceShape`).
    /// Declarations that splice a reference cycle, or one on the path being
    /// built, are left to be built where they are named, which reports the
    /// cycle.
    private func buildSplicedMenusFirst(from key: DeclarationKey) {
        var stack: [(key: DeclarationKey, targets: [DeclarationKey], next: Int, splicesACycle: Bool)] = [(key, splicedMenus(of: key), 0, false)]
        var onStack: Set<DeclarationKey> = [key]
        while let top = stack.last {
            if top.next < top.targets.count {
                stack[stack.count - 1].next += 1
                let target = top.targets[top.next]
                if isBuilt(target) { continue }
                if onStack.contains(target) || splicesACycle.contains(target) || inProgress.contains(target) {
                    stack[stack.count - 1].splicesACycle = true
                    continue
                }
                onStack.insert(target)
                stack.append((target, splicedMenus(of: target), 0, false))
                continue
            }
            stack.removeLast()
            onStack.remove(top.key)
            if top.splicesACycle {
                splicesACycle.insert(top.key)
                if !stack.isEmpty { stack[stack.count - 1].splicesACycle = true }
            } else {
                _ = declaration(top.key)
            }
        }
    }

    /// The declared menus the declaration `key` names with `use` and
    /// `menu:`, as its syntax says: a name the build won't follow (a `use`
    /// in the wrong place) only orders the builds.
    private func splicedMenus(of key: DeclarationKey) -> [DeclarationKey] {
        let tree = tree(key.file)
        // A declaration's elements are contiguous, up to the next one's.
        let first = Int(tree.topLevel[key.index])
        let end = key.index + 1 < tree.topLevel.count ? Int(tree.topLevel[key.index + 1]) : tree.elements.count
        var found: [DeclarationKey] = []
        var seen: Set<DeclarationKey> = []
        for element in first..<end {
            for member in tree.memberRefs(of: element) {
                let name: TextRange
                switch member.kind {
                case .element:
                    continue
                case .use:
                    name = tree.uses[Int(member.index)].target
                case .property:
                    let property = tree.properties[Int(member.index)]
                    let value = tree.values[Int(property.value)]
                    guard value.kind == .identifier, propertyName(property.name, in: tree) == .menu else { continue }
                    name = value.range
                }
                guard let target = lookup(intern(name, in: tree), from: key.file), kind(of: target) == .menu, seen.insert(target).inserted else { continue }
                found.append(target)
            }
        }
        return found
    }

    /// The names in `file`'s scope of declarations of `kind`, for a report
    /// of an unknown name (see `DeclaredNames`); the first ones are made
    /// once per file and kind.
    ///
    /// In a group of files the candidates are the group's declarations,
    /// and the file sees a name as that kind when `lookup` finds it so:
    /// gathering them file by file from what each file sees cost the
    /// square of a long import chain's length (13 s for 5,000 files with
    /// one unknown name each). The first names come from `firstNames`.
    func declaredNames(_ kind: ElementKind, in file: FileID) -> DeclaredNames {
        if !groupDeclares {
            // A file alone: its own declarations, those of `kind` in scope.
            let count = tree(file).topLevel.count
            let key = DeclaredNamesKey(file: file, kind: kind)
            let first = namesOfLoneFiles[key] ?? {
                var smallest = SmallestNames(limit: DeclaredNames.shown + 1)
                for index in 0..<count where self.kind(of: DeclarationKey(file: file, index: index)) == kind {
                    smallest.offer(idText(ofTopLevel: DeclarationKey(file: file, index: index)))
                }
                return smallest.names
            }()
            namesOfLoneFiles[key] = first
            let candidates = CandidateNames(count: count) { [unowned self] in self.idText(ofTopLevel: DeclarationKey(file: file, index: $0)) }
            return DeclaredNames(first: first, candidates: candidates, inScope: { [unowned self] in
                self.kind(of: DeclarationKey(file: file, index: $0)) == kind
            })
        }
        let declarations = GroupDeclarations(counts: groupFiles.map { tree($0).topLevel.count })
        let candidates = CandidateNames(count: declarations.count) { [unowned self] in self.idText(ofTopLevel: self.groupDeclaration(declarations, $0)) }
        let inScope = { [unowned self] (position: Int) -> Bool in
            let key = self.groupDeclaration(declarations, position)
            return self.kind(of: key) == kind && self.sees(self.internedID(ofTopLevel: key), as: kind, from: file)
        }
        let first = firstNames(of: kind, seenFrom: file) ?? {
            // Through an import cycle: the smallest of the group's names the file sees.
            var smallest = SmallestNames(limit: DeclaredNames.shown + 1)
            for position in 0..<declarations.count {
                let name = candidates.name(position)
                if smallest.wouldKeep(name), inScope(position) { smallest.offer(name) }
            }
            let names = smallest.names.map { model.texts.intern($0) }
            firstNamesCache[DeclaredNamesKey(file: file, kind: kind)] = names
            return names
        }()
        return DeclaredNames(first: first.map(text), candidates: candidates, inScope: inScope)
    }

    /// Declaration `position` of the group, counting through `groupFiles`' declarations in order.
    private func groupDeclaration(_ declarations: GroupDeclarations, _ position: Int) -> DeclarationKey {
        let (place, index) = declarations.locate(position)
        return DeclarationKey(file: groupFiles[place], index: index)
    }

    func sees(_ name: TextID, as kind: ElementKind, from file: FileID) -> Bool {
        guard let found = lookup(name, from: file) else { return false }
        return self.kind(of: found) == kind
    }

    /// The first names (by text) of the declarations of `kind` that `file`
    /// sees, one more than a report shows; nil when an import cycle makes
    /// them more than its imports' first names.
    ///
    /// The first names a file sees are the first of its own and of its
    /// imports' first names, so each file's are made once, from its
    /// imports' (made first, without recursion: a chain is as deep as it is
    /// long). Scanning the group's sorted names until enough were in scope
    /// cost the square of a long import chain's length (4.7 s for 5,000
    /// files with one unknown name each, as each file passed over the
    /// names of the files before it).
    private func firstNames(of kind: ElementKind, seenFrom file: FileID) -> [TextID]? {
        func key(_ file: FileID) -> DeclaredNamesKey { DeclaredNamesKey(file: file, kind: kind) }
        if let known = firstNamesCache[key(file)] { return known }
        // A file whose imports were left without a list (a cycle) gets none either.
        importsFirst(from: file, isDone: { firstNamesCache[key($0)] != nil }) { current, importsUnfinished in
            guard !importsUnfinished, let names = mergedFirstNames(of: kind, in: current) else { return false }
            firstNamesCache[key(current)] = names
            return true
        }
        return firstNamesCache[key(file)]
    }

    /// `file`'s own names of `kind` and its imports' first names, sorted,
    /// as many as `firstNames` keeps; nil when an imported name is a
    /// declaration of another kind here (a name declared in several
    /// files, reported): the imports' lists may then be one short.
    private func mergedFirstNames(of kind: ElementKind, in file: FileID) -> [TextID]? {
        var smallest = SmallestNames(limit: DeclaredNames.shown + 1)
        for index in tree(file).topLevel.indices where self.kind(of: DeclarationKey(file: file, index: index)) == kind {
            smallest.offer(idText(ofTopLevel: DeclarationKey(file: file, index: index)))
        }
        var own = Set(smallest.names)
        for resolvedImport in workspace.imports[file.rawValue] {
            guard let imported = resolvedImport.file, let first = firstNamesCache[DeclaredNamesKey(file: imported, kind: kind)] else { continue }
            for name in first {
                let text = text(name)
                guard !own.contains(text) else { continue }
                // A name the first ones already pass over can't join them; one
                // several files declare may still be another kind here.
                if !smallest.wouldKeep(text), !contestedNames.contains(name) { continue }
                if contestedNames.contains(name), !sees(name, as: kind, from: file) { return nil }
                smallest.offer(text)
                own.insert(text)
            }
        }
        return smallest.names.map { model.texts.intern($0) }
    }

    func reportUnknown(_ name: Name, declared: DeclaredNames, also: [String] = [], what: String, kindWanted: String, alternatives: String? = nil) {
        // "Did you mean" compares the name with every candidate; past a few
        // million comparisons (thousands of unknown names among thousands
        // of declarations, far more than a report shows) the rest go without.
        var suggestion: String?
        if suggestionComparisons < Resolver.maximumSuggestionComparisons {
            suggestionComparisons += declared.candidates.count + also.count
            let declaredCount = declared.candidates.count
            let candidates = (0..<(declaredCount + also.count)).lazy.map { $0 < declaredCount ? declared.candidates.name($0) : also[$0 - declaredCount] }
            suggestion = Suggest.closest(to: name.text, in: candidates) { position in
                position >= declaredCount || declared.inScope(position)
            }
        }
        var message = "\(what) names '\(name.text)', but no \(kindWanted) of that name is declared"
        if let suggestion { message += "; did you mean '\(suggestion)'?" }
        let shown = declared.first
        let limit = DeclaredNames.shown
        var help = shown.isEmpty ? "declare a \(kindWanted) named '\(name.text)'" : "declared \(kindWanted)s: \(shown.prefix(limit).joined(separator: ", "))\(shown.count > limit ? ", …" : "")"
        if let alternatives { help += "; \(alternatives)" }
        report(.error(.unknownReference, message, at: name.span, label: "unknown \(kindWanted)",
                      help: help,
                      fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: name.span, replacement: $0)])] } ?? []))
    }
}
