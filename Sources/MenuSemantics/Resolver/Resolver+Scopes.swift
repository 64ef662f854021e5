import MenuSupport
import MenuSyntax

// Scopes: which top-level names each file sees (its own and its imports'), and clashes between them.
extension Resolver {
    /// The declaration `name` stands for in `file`: its own, else the first
    /// in import order of the files it sees (language §9).
    func lookup(_ name: TextID, from file: FileID) -> DeclarationKey? {
        let scope = scope(of: file)
        if let own = ownDeclaration(named: name, in: file, scope: scope) { return DeclarationKey(file: file, index: own) }
        guard !groupFiles.isEmpty else { return nil }
        if contestedNames.contains(name) { return scope.contested[name] }
        guard let first = firstGroupDeclaration(named: name) else { return nil }
        return first.file == file || sees(first.file, from: file) ? first : nil
    }

    func sees(_ target: FileID, from file: FileID) -> Bool {
        if let group = groupToNumber {
            walker.number(group: group)
            groupToNumber = nil
        }
        if let quick = walker.quicklySees(target, from: file) { return quick }
        // Only walked answers are kept: a table of every pair asked about
        // cost more than the numbering's answers.
        let pair = FilePair(from: file, to: target)
        if let known = sightings[pair] { return known }
        let answer = walker.sees(target, from: file)
        sightings[pair] = answer
        return answer
    }

    /// Reports the names `file` declares twice, or that it and the files
    /// it sees declare more than once, and keeps what it must (see `Scope`).
    /// The scopes of what `file` imports are made first (`importsFirst`).
    func scope(of file: FileID) -> Scope {
        if let known = scopes[file] { return known }
        guard someNamesAreContested else {
            let scope = makeScope(of: file)
            scopes[file] = scope
            return scope
        }
        // A file that imports one whose scope is still being made is on an
        // import cycle (an `import-failed` error, still resolved).
        importsFirst(from: file, isDone: { scopes[$0] != nil }) { current, onCycle in
            scopes[current] = onCycle ? walkedScope(of: current) : makeScope(of: current)
            return true
        }
        return scopes[file] ?? Scope()
    }

    /// Calls `finish` with `file` and each file it imports, directly or not,
    /// that `isDone` turns away, each after the files it imports; with
    /// whether one of those was left unfinished (it imports the file back,
    /// an import cycle, or its `finish` returned false). Iterative: a chain
    /// of 10,000 files is 10,000 imports deep.
    func importsFirst(from file: FileID, isDone: (FileID) -> Bool, finish: (FileID, _ importsUnfinished: Bool) -> Bool) {
        var stack: [(file: FileID, next: Int)] = [(file, 0)]
        var entered: Set<FileID> = [file]
        var unfinished: Set<FileID> = []
        while let top = stack.last {
            let imports = workspace.imports[top.file.rawValue]
            if top.next < imports.count {
                stack[stack.count - 1].next += 1
                guard let imported = imports[top.next].file, !isDone(imported) else { continue }
                if entered.insert(imported).inserted { stack.append((imported, 0)) } else { unfinished.insert(top.file) }
                continue
            }
            stack.removeLast()
            if !finish(top.file, unfinished.contains(top.file)), let importer = stack.last { unfinished.insert(importer.file) }
        }
    }

    /// The scope of a file on an import cycle, from a walk of what it sees
    /// (the files it imports that are still being made offer nothing yet).
    /// A name it and the files it sees declare more than once is reported
    /// once: against the first other declaration, or as the first two.
    private func walkedScope(of file: FileID) -> Scope {
        var scope = makeOwnScope(of: file)
        var firstOthers: [TextID: [DeclarationKey]] = [:]
        var order: [TextID] = []
        walker.walk(from: file) { seen in
            guard seen != file else { return true }
            for index in tree(seen).topLevel.indices {
                let key = DeclarationKey(file: seen, index: index)
                guard let id = contestedID(ofTopLevel: key) else { continue }
                let found = firstOthers[id] ?? []
                if found.isEmpty { order.append(id) }
                if found.count < 2, !found.contains(key) { firstOthers[id] = found + [key] }
            }
            return true
        }
        var imported: [(name: TextID, key: DeclarationKey)] = []
        let site = workspace.syntax(file).imports.first?.span ?? Span(file: file, start: 0, end: 0)
        for name in order {
            guard let others = firstOthers[name], let first = others.first else { continue }
            if let own = ownDeclaration(named: name, in: file, scope: scope) {
                scope.clashed.insert(name)
                reportClash(of: name, declaredAt: DeclarationKey(file: file, index: own), and: first, in: file, importedAt: site)
            } else {
                scope.contested[name] = first
                imported.append((name, first))
                if others.count > 1 {
                    scope.clashed.insert(name)
                    reportClash(of: name, declaredAt: first, and: others[1], in: file, importedAt: site)
                }
            }
        }
        scope.offered += imported
        return scope
    }

    /// `file`'s scope from its own names and what its imports offer: a
    /// name declared in several files is reported where two declarations
    /// of it first meet — in the file that declares it again, or that
    /// imports two files offering different declarations of it when
    /// neither sees both — not again in every file above (a chain of
    /// 10,000 files repeated one clash 5,000 times, and one that declared
    /// a name in every file made 4.5 million reports).
    private func makeScope(of file: FileID) -> Scope {
        var scope = makeOwnScope(of: file)
        // Only names declared in several files can meet twice here.
        guard someNamesAreContested else { return scope }
        let syntax = workspace.syntax(file)
        let imports = workspace.imports[file.rawValue]
        var clashedBelow: Set<TextID> = []
        for resolvedImport in imports {
            if let importedFile = resolvedImport.file, let clashed = scopes[importedFile]?.clashed { clashedBelow.formUnion(clashed) }
        }
        scope.clashed = clashedBelow
        var imported: [(name: TextID, key: DeclarationKey)] = []
        var reportedAgainst: Set<DeclarationKey> = []
        for (position, resolvedImport) in imports.enumerated() {
            guard let importedFile = resolvedImport.file, let offered = scopes[importedFile]?.offered else { continue }
            let site = position < syntax.imports.count ? syntax.imports[position].span : resolvedImport.span
            for (name, key) in offered {
                let existing: DeclarationKey
                if let own = ownDeclaration(named: name, in: file, scope: scope) {
                    existing = DeclarationKey(file: file, index: own)
                } else if let first = scope.contested[name] {
                    existing = first
                } else {
                    scope.contested[name] = key
                    imported.append((name, key))
                    continue
                }
                guard existing != key else { continue }
                scope.clashed.insert(name)
                // Two imported declarations an import already sees both of were reported there.
                if existing.file != file, clashedBelow.contains(name) { continue }
                guard reportedAgainst.insert(key).inserted else { continue }
                reportClash(of: name, declaredAt: existing, and: key, in: file, importedAt: site)
            }
        }
        scope.offered += imported
        return scope
    }

    /// `file`'s own names, with those it declares twice reported, and its
    /// own declarations of names other files declare too on offer.
    private func makeOwnScope(of file: FileID) -> Scope {
        var scope = Scope()
        let ownTree = tree(file)
        var (names, repeats) = ownNames(of: file)
        for (second, first) in repeats {
            let secondFocus = focus(Int(ownTree.topLevel[Int(second)]), in: ownTree)
            if countedWithoutMaking(at: secondFocus) {
                builtDeclarations[slot(of: file)][Int(second)] = Resolver.countedDuplicate
            } else {
                let key = DeclarationKey(file: file, index: Int(second))
                reportDuplicateID(idText(ofTopLevel: key), first: focus(Int(ownTree.topLevel[Int(first)]), in: ownTree),
                                  second: secondFocus, derived: assignedID(ofTopLevel: key).source == .label)
            }
        }
        if someNamesAreContested {
            for position in names.filter({ contestedHashes.contains($0.hash) }).map(\.position).sorted() {
                let key = DeclarationKey(file: file, index: Int(position))
                if let id = contestedID(ofTopLevel: key) { scope.offered.append((id, key)) }
            }
        }
        // Only the names references give and those several files declare
        // are looked up here: any other name of the group that a file
        // declares is declared in that file alone, and is its first
        // declaration in the group (`lookup`).
        names.removeAll { !mayBeLookedUp(hash: $0.hash) && !contestedHashes.contains($0.hash) }
        // Kept while the file is built: without the room of the names left out.
        scope.own = OwnNames(sorted: names.withoutSpareCapacity())
        return scope
    }

    private func reportClash(of name: TextID, declaredAt existing: DeclarationKey, and other: DeclarationKey, in file: FileID, importedAt site: Span) {
        let otherTree = tree(other.file)
        let otherFocus = focus(Int(otherTree.topLevel[other.index]), in: otherTree)
        let id = text(name)
        let otherPath = workspace.file(other.file).displayPath
        if existing.file == file {
            let ownTree = tree(file)
            report(.error(.duplicateID, "'\(id)' is already declared in the imported file \(otherPath)",
                          at: focus(Int(ownTree.topLevel[existing.index]), in: ownTree), label: "declared again here",
                          secondary: [LabeledSpan(otherFocus, "imported declaration")],
                          help: "rename one of them; names of imported declarations share this file's namespace"))
        } else {
            report(.error(.duplicateID, "'\(id)' is declared in both \(workspace.file(existing.file).displayPath) and \(otherPath), which this file imports",
                          at: site, label: "imports conflicting declarations", secondary: [LabeledSpan(otherFocus, "second declaration")],
                          help: "rename one of them"))
        }
    }

    /// The kind of a declaration, from its syntax.
    func kind(of key: DeclarationKey) -> ElementKind {
        let tree = tree(key.file)
        return tree.elements[Int(tree.topLevel[key.index])].kind
    }

    /// `labels`: the two labels, when both identifiers were derived from
    /// different ones — the message names them, for neither says `id`.
    func reportDuplicateID(_ id: String, first: Span, second: Span, derived: Bool, labels: (first: String, second: String)? = nil) {
        guard !countedWithoutMaking(at: second) else { return }
        if let labels, labels.first != labels.second {
            report(.error(.duplicateID, "'\(labels.first)' and '\(labels.second)' both derive the identifier '\(id)'", at: second,
                          label: "derives the identifier '\(id)' again", secondary: [LabeledSpan(first, "derives '\(id)' first")],
                          help: "give both explicit identifiers that say how they differ, e.g. item \(id)Up \"\(labels.first)\" and item \(id)Down \"\(labels.second)\""))
            return
        }
        report(.error(.duplicateID, "duplicate identifier '\(id)'", at: second, label: derived ? "derives the identifier '\(id)' again" : "declared again here",
                      secondary: [LabeledSpan(first, "first declared here")],
                      help: "siblings need distinct identifiers; give one an explicit identifier, e.g. item \(id)2 \"…\""))
    }

    /// Both elements' labels, when both identifiers were derived from them.
    func derivedLabels(_ first: Int32, _ second: Int32) -> (first: String, second: String)? {
        let (a, b) = (model.records[Int(first)], model.records[Int(second)])
        guard a.idSource == .label, b.idSource == .label, a.label.exists, b.label.exists else { return nil }
        return (text(a.label), text(b.label))
    }
}
