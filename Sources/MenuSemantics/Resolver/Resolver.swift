import MenuSupport
import MenuSyntax

/// Turns parse trees into the checked model: validates properties against
/// the catalog, derives identifiers, splices `use` and `menu:`, resolves
/// references, and reports the language errors of the rules catalog's
/// first table.
///
/// It reads the flat syntax trees and appends to one `ModelStore` for a
/// group of files (a file and what it imports). Each top-level declaration
/// is resolved once, so a menu used from many places (or from another
/// file) is built and reported once; `use` and `menu:` splice copies of
/// its records.
public final class Resolver {
    private let workspace: LoadedSources
    /// What it reports: the first errors of each file (all that are
    /// listed), and how many more; a flood of 100,000 errors held every one in full.
    private var reported = DiagnosticKeeper()
    public var diagnostics: [Diagnostic] { reported.kept }
    /// Per file, the errors counted past the first ones (see `UnlistedErrors`).
    public var unlisted: [FileID: UnlistedErrors] { reported.unlisted }
    // The resolver's state is only touched by its own methods, one call at a
    // time: the dynamic exclusivity checks a class property gets by default
    // cost more than the appends they guard.
    @exclusivity(unchecked) private var model = ModelBuilder()
    /// Written properties of the elements being built, innermost last. An
    /// element moves its run into the model when it is done, so each
    /// element's properties are contiguous there.
    @exclusivity(unchecked) private var openProperties: [PropertyRecord] = []
    /// Property indices of the element whose properties are being validated.
    @exclusivity(unchecked) private var seenProperties: [Int] = []
    /// Children of the elements being built, innermost last (like `openProperties`).
    @exclusivity(unchecked) private var openChildren: [Int32] = []
    /// Identifiers chosen for the elements of the bodies being built, innermost last (like `openChildren`).
    @exclusivity(unchecked) private var openAssigned: [Assigned] = []
    /// Per-kind counts of `assignPlainSynthetics` (reused: it doesn't nest).
    @exclusivity(unchecked) private var syntheticOrdinals = [Int](repeating: 0, count: ElementKind.allCases.count)
    /// Positions of the siblings `finalizeSiblings` has seen (reused: it doesn't nest).
    @exclusivity(unchecked) private var takenPositions: [Int] = []
    /// Interned synthetic identifiers (`section`, `section2`, …) by kind, then ordinal.
    @exclusivity(unchecked) private var syntheticNames = [[TextID]](repeating: [], count: ElementKind.allCases.count)
    /// Elements written with `alternate: true`, checked once the model is built (`AlternateValidation`).
    private var alternates: [Int32] = []
    /// Buttons with `preferred: false`, checked against their role once built.
    private var notPreferred: [Int32] = []

    private struct DeclarationKey: Hashable {
        var file: FileID
        /// Position among the file's top-level elements.
        var index: Int
    }

    /// The top-level names one file keeps itself: its own, and those
    /// declared in more than one file of the group, as its imports resolve
    /// them (see `makeScope`). Every other name is declared in one
    /// file only and is visible where that file is (`groupNames`): a file
    /// no longer copies the names of everything it imports, which made a
    /// chain of 5,000 files, each importing the next, take 5.5 s and 500 MB.
    private struct Scope {
        /// Own names, by the position of their first declaration.
        var own = OwnNames(declarations: 0, texts: 0)
        /// Names declared in several files, as the imports resolve them:
        /// the first import (in the order written) that offers one wins.
        var contested: [TextID: DeclarationKey] = [:]
        /// What the file offers its importers of the names declared in
        /// several files: its own declarations of them, then `contested`
        /// (in a fixed order, for reports in a fixed order).
        var offered: [(name: TextID, key: DeclarationKey)] = []
        /// Names of which the file sees two declarations (reported here or below).
        var clashed: Set<TextID> = []
    }

    /// Where a top-level name of the group is declared first, and whether
    /// another file declares it too.
    private struct GroupName {
        var first: DeclarationKey
        var inSeveralFiles: Bool
    }

    private struct FilePair: Hashable {
        var from: FileID
        var to: FileID
    }

    private typealias Assigned = (id: TextID, source: IdentifierSource)

    private var scopes: [FileID: Scope] = [:]
    private var groupNames: [TextID: GroupName] = [:]
    private var indexedFiles: Set<FileID> = []
    /// Whether two files of the group declare the same name.
    private var someNamesAreContested = false
    /// Whether one file sees another, as asked so far.
    private var sightings: [FilePair: Bool] = [:]
    /// The files being checked, numbered for `sees` when it is first asked
    /// (a group that never looks across files never pays for it).
    private var groupToNumber: [FileID]?
    private var walker: ImportWalker
    private var topLevelIDs: [FileID: [Assigned]] = [:]
    /// The model index of each built top-level declaration, by the file's
    /// place in `model.trees` and the declaration's position (-1: not
    /// built yet). Arrays, not a dictionary keyed by `DeclarationKey`:
    /// every declaration is looked up when it is built.
    @exclusivity(unchecked) private var builtDeclarations: [[Int32]] = []
    /// Each file's place in `model.trees` (see `ElementRecord.file`), and
    /// the last file asked about: elements come in runs of one file.
    private var treeSlots: [FileID: UInt32] = [:]
    @exclusivity(unchecked) private var lastFile: (file: FileID, slot: UInt32)?
    @exclusivity(unchecked) private var inProgress: [DeclarationKey] = []

    /// How many elements `use` and `menu:` may copy into one group of
    /// files: twice as many as the files write, or this many when that is
    /// more. Each splice copies everything its menu splices, so a few
    /// kilobytes of menus that each use the one before ten times would
    /// otherwise copy a billion elements.
    public static let minimumSpliceBudget = 100_000
    /// How many bytes of output the copies `use` and `menu:` make in one
    /// group of files may cost (`SpliceShape.Splice.cost`: their written
    /// text, their identifier paths and their indentation): sixteen times
    /// the size of the files, or this many when that is more. Counting
    /// elements alone let short chains of long identifiers or doc comments
    /// write gigabytes; the floor lets any file splice the 100,000 elements
    /// the element budget allows at the depths real menus have (a few
    /// levels, about 400 bytes each), and the factor lets a large project
    /// splice its menus several times over.
    public static let minimumSpliceBytes = 64 << 20
    static let spliceBytesPerSourceByte = 16
    /// How deep `build` may recurse. Elements nest at most
    /// `Parser.maximumDepth` levels in one declaration and a splice may
    /// take them no deeper (`fitsSpliceLimits`); menus a declaration
    /// splices are built before it, one after another
    /// (`buildSplicedMenusFirst`), so a chain of menus that each splice the
    /// next costs no stack. Only menus that splice a reference cycle are
    /// still built inside the declaration that splices them (the cycle is
    /// found on the way, and reported): this stops such a chain.
    static let maximumBuildDepth = 256
    private var buildDepth = 0
    private var spliceBudget = Resolver.minimumSpliceBudget
    private var splicedCount = 0
    private var spliceByteBudget = Resolver.minimumSpliceBytes
    private var splicedBytes = 0
    /// The shape of the declaration being built (saved and restored around
    /// one built inside it), and of each built menu: what a splice of it
    /// adds (see `SpliceShape`). Shapes are found by the model index of the
    /// menu's root through a table of small entries: a dictionary of the
    /// shapes themselves took 30 MB for 100,000 menus.
    @exclusivity(unchecked) private var building = SpliceShape()
    private var menuShapes: [SpliceShape] = []
    private var shapeOfMenu: [Int32: Int32] = [:]
    /// Hashes (`TextTable.hash`) of the names `use` and `menu:` give in the
    /// group's files: only a menu whose identifier hashes like one of them
    /// can be spliced, so only such menus keep their shape. A file of
    /// millions of menus, none spliced, kept one for each.
    private var splicedNames: Set<UInt32> = []
    /// Declarations that splice, directly or not, a menu on a reference
    /// cycle: built the way that finds and reports the cycle.
    private var splicesACycle: Set<DeclarationKey> = []

    private struct DeclaredNamesKey: Hashable {
        var file: FileID
        var kind: ElementKind
    }
    /// The first names of each kind a file of a group sees (see `firstNames`).
    private var firstNamesCache: [DeclaredNamesKey: [TextID]] = [:]
    /// The names of each kind a file alone declares, sorted.
    private var namesOfLoneFiles: [DeclaredNamesKey: [String]] = [:]
    private var groupNamesByKind: [ElementKind: (ids: [TextID], texts: [String])] = [:]
    /// What an unknown name's report offers: the first names of a kind the
    /// file sees (sorted; one more than a report shows, to know there are
    /// more) and, for "did you mean", candidates with a test of whether
    /// the file sees each, asked only of the near ones.
    private struct DeclaredNames {
        static let shown = 8
        var first: [String]
        var candidates: [String]
        var inScope: (Int) -> Bool
    }
    /// Candidates compared for "did you mean" so far, and how many may be.
    private var suggestionComparisons = 0
    static let maximumSuggestionComparisons = 4_000_000

    /// Per-file tables start empty and are filled for the files this
    /// resolver touches: a build of thousands of files runs one resolver
    /// per import group, and each must cost what its group holds, not
    /// what the workspace holds.
    public init(workspace: LoadedSources) {
        self.workspace = workspace
        walker = ImportWalker(imports: workspace.imports)
    }

    /// Room for the files' elements and properties (splices may add more):
    /// growing arrays of millions of records copies them again and again.
    private func reserve(for files: [FileID]) {
        let trees = files.map(tree)
        let elementCount = trees.reduce(0) { $0 + $1.elements.count }
        spliceBudget = max(Resolver.minimumSpliceBudget, 2 * elementCount)
        let sourceBytes = trees.reduce(0) { $0 + $1.file.bytes.count }
        for tree in trees { noteSplicedNames(in: tree) }
        menuShapes.reserveCapacity(splicedNames.count)
        shapeOfMenu.reserveCapacity(splicedNames.count)
        spliceByteBudget = max(Resolver.minimumSpliceBytes, Resolver.spliceBytesPerSourceByte * sourceBytes)
        model.records.reserveCapacity(elementCount)
        model.children.reserveCapacity(elementCount)
        model.properties.reserveCapacity(trees.reduce(0) { $0 + $1.properties.count })
    }

    /// Adds the names `tree`'s `use`s and `menu:` properties give to `splicedNames`.
    private func noteSplicedNames(in tree: SyntaxTree) {
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            func note(_ name: TextRange) {
                splicedNames.insert(Resolver.nameHash(UnsafeBufferPointer(rebasing: bytes[Int(name.start)..<Int(name.end)])))
            }
            for use in tree.uses { note(use.target) }
            for property in tree.properties where property.name.count == 4 {
                let value = tree.values[Int(property.value)]
                guard value.kind == .identifier, propertyName(property.name, in: tree) == .menu else { continue }
                note(value.range)
            }
        }
    }

    /// The hash of the text these bytes are interned as (ill-formed UTF-8
    /// is interned decoded), which is the hash of the interned bytes.
    private static func nameHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let (hash, isASCII) = TextTable.hashAndASCII(bytes)
        if isASCII || TextTable.isWellFormedUTF8(bytes) { return hash }
        var decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.withUTF8 { TextTable.hash($0) }
    }

    /// Whether a `use` or `menu:` of the group may name the declaration whose identifier is `id`.
    private func mayBeSpliced(_ id: TextID) -> Bool {
        guard !splicedNames.isEmpty, id.exists else { return false }
        let range = model.texts.byteRange(id)
        return model.texts.bytes.withUnsafeBufferPointer { splicedNames.contains(TextTable.hash(UnsafeBufferPointer(rebasing: $0[range]))) }
    }

    // MARK: - Files

    /// The checked form of each file (and, through them, of what they import), in one model.
    public func check(_ files: [FileID]) -> [CheckedFile] {
        var resolved: [(file: FileID, roots: [Int32], platforms: [Platform], written: Bool)] = []
        reserve(for: files)
        groupToNumber = files
        indexNames(of: files)
        for file in files {
            let syntax = workspace.syntax(file)
            _ = scope(of: file)
            let roots = declarations(of: file)
            checkMenubars(in: file, declarations: roots)
            let (platforms, written) = resolvePlatforms(syntax.platforms)
            resolved.append((file, roots, platforms, written))
        }
        let store = ModelStore(model)
        for diagnostic in AlternateValidation.diagnostics(of: alternates, in: store, targetsMacOS: { [workspace] file in
            guard let platforms = workspace.syntax(file).platforms else { return Platform.defaults.contains { $0.name == .macOS } }
            return platforms.entries.contains { $0.name.text == Platform.Name.macOS.rawValue }
        }) { report(diagnostic) }
        for diagnostic in RoleValidation.diagnostics(ofNotPreferred: notPreferred, in: store) { report(diagnostic) }
        return resolved.map { entry in
            let syntax = workspace.syntax(entry.file)
            return CheckedFile(source: workspace.file(entry.file), doc: syntax.doc?.text, platforms: entry.platforms, platformsWritten: entry.written,
                               imports: workspace.imports[entry.file.rawValue], store: store, roots: entry.roots, syntax: syntax)
        }
    }

    private func report(_ diagnostic: Diagnostic) { reported.add(diagnostic) }

    /// Marks, in `builtDeclarations`, a declaration that repeats an earlier
    /// one's name past the file's listed errors (see `makeOwnScope`).
    private static let countedDuplicate: Int32 = -2

    /// The model indices of `file`'s declarations, each built. One that
    /// repeats an earlier one's name, once the file's listed errors are
    /// full, is not built: no name leads to it, its duplicate-id error is
    /// counted, and so is its misplacement if it has one; what it holds is
    /// not checked (nor counted). A file of a million `menu a "A"` lines
    /// built a record and a walk entry for each of a million errors.
    private func declarations(of file: FileID) -> [Int32] {
        let tree = tree(file)
        let slot = slot(of: file)
        var roots: [Int32] = []
        roots.reserveCapacity(tree.topLevel.count)
        for index in tree.topLevel.indices {
            if builtDeclarations[slot][index] == Resolver.countedDuplicate {
                reportMisplacement(of: Int(tree.topLevel[index]), in: tree)
                continue
            }
            roots.append(declaration(DeclarationKey(file: file, index: index)))
        }
        return roots
    }

    /// Reports a top-level element that can't be declared there.
    private func reportMisplacement(of element: Int, in tree: SyntaxTree) {
        let node = tree.elements[element]
        guard !node.kind.mayBeDeclared, case .misplaced(let help) = Placement.check(child: node.kind, parent: nil, parentContext: .control),
              !countedWithoutMaking(at: tree.span(node.keyword)) else { return }
        report(.error(.misplacedElement, "\(node.kind.rawValue) cannot be declared at the top level", at: tree.span(node.keyword),
                      label: "misplaced \(node.kind.rawValue)", help: help))
    }

    /// Whether an error at `span` is past the file's listed errors, and was
    /// counted here without being made: junk can hold millions, and making
    /// each ("did you mean" included) cost more than the rest of the check.
    private func countedWithoutMaking(at span: Span) -> Bool { reported.countsWithoutKeeping(at: span) }

    /// The file's syntax tree, registered in the model the first time: the
    /// model's records point into it.
    private func tree(_ file: FileID) -> SyntaxTree {
        if let slot = treeSlots[file] { return model.trees[Int(slot)] }
        let tree = workspace.syntax(file).tree
        treeSlots[file] = UInt32(model.trees.count)
        model.trees.append(tree)
        builtDeclarations.append([Int32](repeating: -1, count: tree.topLevel.count))
        return tree
    }

    /// `file`'s place in `model.trees`, registering it the first time.
    @inline(__always)
    private func slot(of file: FileID) -> Int {
        if let last = lastFile, last.file == file { return Int(last.slot) }
        _ = tree(file)
        let slot = treeSlots[file] ?? 0
        lastFile = (file, slot)
        return Int(slot)
    }

    @inline(__always)
    private func slot(of tree: SyntaxTree) -> UInt32 { UInt32(slot(of: tree.file.id)) }

    private func resolvePlatforms(_ directive: PlatformsDirective?) -> ([Platform], Bool) {
        guard let directive else { return (Platform.defaults, false) }
        var platforms: [Platform] = []
        var seen: [Platform.Name: Span] = [:]
        let names = Platform.Name.allCases.map(\.rawValue)
        for entry in directive.entries {
            guard let name = Platform.Name(rawValue: entry.name.text) else {
                let exact = names.first { $0.lowercased() == entry.name.text.lowercased() }
                let suggestion = exact ?? Suggest.closest(to: entry.name.text, in: names)
                report(.error(.invalidValue, "unknown platform '\(entry.name.text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                              at: entry.name.span, label: "not a platform", help: "platforms are \(names.joined(separator: ", "))",
                              fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: entry.name.span, replacement: $0)])] } ?? []))
                continue
            }
            if let first = seen[name] {
                report(.error(.invalidValue, "\(name.rawValue) is listed twice", at: entry.name.span, label: "listed again",
                              secondary: [LabeledSpan(first, "first listed here")]))
                continue
            }
            seen[name] = entry.name.span
            if let version = entry.version, version.text.split(separator: ".").count > 3 {
                report(.error(.invalidValue, "'\(version.text)' is not a version (write 17, 17.2 or 10.15.1)", at: version.span, label: "not a version"))
            }
            platforms.append(Platform(name: name, version: entry.version?.text))
        }
        return (platforms, true)
    }

    /// A program has one menu bar; a second is misplaced.
    private func checkMenubars(in file: FileID, declarations: [Int32]) {
        // Only a file that declares a menubar can declare a second one.
        guard declarations.contains(where: { model.records[Int($0)].kind == .menubar }) else { return }
        // The first menubar of the nearest file that declares one, in import order.
        var earlier: DeclarationKey?
        walker.walk(from: file) { seen in
            guard seen != file else { return true }
            let tree = tree(seen)
            guard let position = tree.topLevel.firstIndex(where: { tree.elements[Int($0)].kind == .menubar }) else { return true }
            earlier = DeclarationKey(file: seen, index: position)
            return false
        }
        // Built after the walk: building resolves names, which walks too.
        var first = earlier.map { Int(declaration($0)) }
        for element in declarations.lazy.map({ Int($0) }) where model.records[element].kind == .menubar {
            if let earlier = first {
                let place = syntaxTree(of: model.records[earlier]).file.displayPath
                report(.error(.misplacedElement, "a program has one menubar, and one is already declared in \(place)", at: keywordSpan(element),
                              label: "second menubar", secondary: [LabeledSpan(keywordSpan(earlier), "first menubar")],
                              help: "put every menu of the bar in one menubar; declare other menus at the top level and add them with 'use'"))
            } else {
                first = element
            }
        }
    }

    // MARK: - Scopes

    /// Notes where each top-level name of `files` and what they import is
    /// declared, and which names more than one file declares.
    private func indexNames(of files: [FileID]) {
        // A file alone sees only its own names (see `lookup`).
        if files.count == 1, let only = files.first, workspace.imports[only.rawValue].allSatisfy({ $0.file == nil }) { return }
        var pending = files
        var next = 0
        while next < pending.count {
            let file = pending[next]
            next += 1
            guard indexedFiles.insert(file).inserted else { continue }
            for (index, assigned) in ids(ofTopLevel: file).enumerated() {
                if let known = groupNames[assigned.id] {
                    if known.first.file != file, !known.inSeveralFiles {
                        groupNames[assigned.id]?.inSeveralFiles = true
                        someNamesAreContested = true
                    }
                } else {
                    groupNames[assigned.id] = GroupName(first: DeclarationKey(file: file, index: index), inSeveralFiles: false)
                }
            }
            pending += workspace.imports[file.rawValue].compactMap(\.file)
        }
    }

    private func ids(ofTopLevel file: FileID) -> [Assigned] {
        if let known = topLevelIDs[file] { return known }
        let tree = tree(file)
        // Nearly always each has a name or a label: the identifiers are
        // made in one pass into an array of their exact size. A file can
        // hold millions of declarations, and a list of candidates beside
        // the list of identifiers (grown by doubling) was the peak of
        // checking one.
        var assigned: [Assigned] = []
        assigned.reserveCapacity(tree.topLevel.count)
        for element in tree.topLevel {
            let given = candidate(Int(element), in: tree, nested: false)
            if let explicit = given.explicit {
                assigned.append((explicit, .explicit))
            } else if let derived = given.derived {
                assigned.append((derived, .label))
            } else {
                assigned = IdentifierAssignment.assign(tree.topLevel.map { candidate(Int($0), in: tree, nested: false) }, taken: [], synthetic: syntheticID)
                break
            }
        }
        topLevelIDs[file] = assigned
        return assigned
    }

    /// The declaration `name` stands for in `file`: its own, else the first
    /// in import order of the files it sees (language §9).
    private func lookup(_ name: TextID, from file: FileID) -> DeclarationKey? {
        let scope = scope(of: file)
        if let own = scope.own[name] { return DeclarationKey(file: file, index: own) }
        guard let declared = groupNames[name] else { return nil }
        if declared.inSeveralFiles { return scope.contested[name] }
        return sees(declared.first.file, from: file) ? declared.first : nil
    }

    private func sees(_ target: FileID, from file: FileID) -> Bool {
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
    private func scope(of file: FileID) -> Scope {
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
    private func importsFirst(from file: FileID, isDone: (FileID) -> Bool, finish: (FileID, _ importsUnfinished: Bool) -> Bool) {
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
            for (index, assigned) in ids(ofTopLevel: seen).enumerated() where groupNames[assigned.id]?.inSeveralFiles == true {
                let key = DeclarationKey(file: seen, index: index)
                let found = firstOthers[assigned.id] ?? []
                if found.isEmpty { order.append(assigned.id) }
                if found.count < 2, !found.contains(key) { firstOthers[assigned.id] = found + [key] }
            }
            return true
        }
        var imported: [(name: TextID, key: DeclarationKey)] = []
        let site = workspace.syntax(file).imports.first?.span ?? Span(file: file, start: 0, end: 0)
        for name in order {
            guard let others = firstOthers[name], let first = others.first else { continue }
            if let own = scope.own[name] {
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
                if let own = scope.own[name] {
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
        let ids = ids(ofTopLevel: file)
        scope.own = OwnNames(declarations: ids.count, texts: model.texts.count)
        for (index, assigned) in ids.enumerated() {
            if let previous = scope.own[assigned.id] {
                let second = focus(Int(ownTree.topLevel[index]), in: ownTree)
                if countedWithoutMaking(at: second) {
                    builtDeclarations[slot(of: file)][index] = Resolver.countedDuplicate
                } else {
                    reportDuplicateID(text(assigned.id), first: focus(Int(ownTree.topLevel[previous]), in: ownTree),
                                      second: second, derived: assigned.source == .label)
                }
                continue
            }
            scope.own[assigned.id] = index
            if groupNames[assigned.id]?.inSeveralFiles == true {
                scope.offered.append((assigned.id, DeclarationKey(file: file, index: index)))
            }
        }
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
    private func kind(of key: DeclarationKey) -> ElementKind {
        let tree = tree(key.file)
        return tree.elements[Int(tree.topLevel[key.index])].kind
    }

    /// `labels`: the two labels, when both identifiers were derived from
    /// different ones — the message names them, for neither says `id`.
    private func reportDuplicateID(_ id: String, first: Span, second: Span, derived: Bool, labels: (first: String, second: String)? = nil) {
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
    private func derivedLabels(_ first: Int32, _ second: Int32) -> (first: String, second: String)? {
        let (a, b) = (model.records[Int(first)], model.records[Int(second)])
        guard a.idSource == .label, b.idSource == .label, a.label.exists, b.label.exists else { return nil }
        return (text(a.label), text(b.label))
    }

    // MARK: - Texts and spans

    private func text(_ id: TextID) -> String { model.texts[id] }

    private func intern(_ range: TextRange, in tree: SyntaxTree) -> TextID {
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            model.texts.intern(UnsafeBufferPointer(rebasing: bytes[Int(range.start)..<Int(range.end)]))
        }
    }

    /// A string literal's value, interned (decoded only when it has escapes).
    private func intern(_ literal: StringRef, in tree: SyntaxTree) -> TextID {
        if literal.decoded >= 0 { return model.texts.intern(tree.decodedStrings[Int(literal.decoded)]) }
        return intern(literal.content, in: tree)
    }

    private func syntheticID(_ kind: ElementKind, _ ordinal: Int) -> TextID {
        let row = kind.ordinal
        while syntheticNames[row].count < ordinal {
            syntheticNames[row].append(model.texts.intern(IdentifierAssignment.syntheticName(kind, syntheticNames[row].count + 1)))
        }
        return syntheticNames[row][ordinal - 1]
    }

    /// Where an element's identifier comes from: its name, else its label.
    private func focus(_ element: Int, in tree: SyntaxTree) -> Span {
        let node = tree.elements[element]
        return tree.span(node.hasName ? node.name : node.hasLabel ? node.label.token : node.keyword)
    }

    private func syntaxTree(of record: ElementRecord) -> SyntaxTree { model.trees[Int(record.file)] }

    private func keywordSpan(_ index: Int) -> Span {
        let record = model.records[index]
        let tree = syntaxTree(of: record)
        return tree.span(tree.elements[Int(record.syntax)].keyword)
    }

    private func idSpan(_ index: Int) -> Span {
        let record = model.records[index]
        return focus(Int(record.syntax), in: syntaxTree(of: record))
    }

    /// How to name an element in messages: `item 'Copy'`.
    private func displayName(_ index: Int) -> String {
        let record = model.records[index]
        if record.label.exists, !model.texts.byteRange(record.label).isEmpty { return "\(record.kind.rawValue) '\(text(record.label))'" }
        return "\(record.kind.rawValue) '\(idText(Int32(index)))'"
    }

    /// An element's identifier. Explicit identifiers below the top level
    /// are not interned — they are nearly all distinct, and interning them
    /// filled the text table — so they are read from the syntax.
    private func idText(_ index: Int32) -> String {
        let record = model.records[Int(index)]
        if record.id.exists { return text(record.id) }
        let tree = syntaxTree(of: record)
        return tree.text(tree.elements[Int(record.syntax)].name)
    }

    // MARK: - Identifiers

    /// `nested`: below the top level, where written names need not be
    /// interned (the scope of top-level names needs them).
    private func candidate(_ element: Int, in tree: SyntaxTree, nested: Bool) -> IdentifierAssignment.Candidate<TextID> {
        let node = tree.elements[element]
        if node.hasName {
            // Only a name spelled like a synthetic one (`section2`) can take
            // one; the others stay unread in the syntax (`.none`), unhashed.
            let explicit = !nested || mayBeSynthetic(node.name, in: tree) ? intern(node.name, in: tree) : TextID.none
            return .init(kind: node.kind, explicit: explicit, derived: nil)
        }
        // A changeable-title toggle has no label: derive from its "off" (then "on") text.
        let labelText = node.hasLabel ? tree.stringValue(node.label) : stringProperty(.off, of: element, in: tree) ?? stringProperty(.on, of: element, in: tree)
        let derived = labelText.flatMap(IdentifierDerivation.derive(from:)).map { model.texts.intern($0) }
        return .init(kind: node.kind, explicit: nil, derived: derived)
    }

    /// Whether a written name has the shape of a synthetic identifier: a
    /// kind's keyword, then digits or nothing.
    private func mayBeSynthetic(_ name: TextRange, in tree: SyntaxTree) -> Bool {
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            let written = UnsafeBufferPointer(rebasing: bytes[Int(name.start)..<Int(name.end)])
            // Its letters, without the digits that end it, must be a keyword.
            var letters = written.count
            while letters > 0, written[letters - 1] >= UInt8(ascii: "0"), written[letters - 1] <= UInt8(ascii: "9") { letters -= 1 }
            return ElementKind(keywordBytes: UnsafeBufferPointer(rebasing: written[..<letters])) != nil
        }
    }

    /// An element's identifier, interned (explicit ones below the top level are not, until asked for here).
    private func internedID(_ index: Int32) -> TextID {
        let record = model.records[Int(index)]
        if record.id.exists { return record.id }
        let tree = syntaxTree(of: record)
        return intern(tree.elements[Int(record.syntax)].name, in: tree)
    }

    private func stringProperty(_ name: PropertyName, of element: Int, in tree: SyntaxTree) -> String? {
        for member in tree.memberRefs(of: element) where member.kind == .property {
            let property = tree.properties[Int(member.index)]
            guard propertyName(property.name, in: tree) == name else { continue }
            let value = tree.values[Int(property.value)]
            if value.kind == .string { return tree.stringValue(value.string) }
        }
        return nil
    }

    private func propertyName(_ range: TextRange, in tree: SyntaxTree) -> PropertyName? {
        tree.file.bytes.withUnsafeBufferPointer { PropertyName(bytes: UnsafeBufferPointer(rebasing: $0[Int(range.start)..<Int(range.end)])) }
    }

    // MARK: - Declarations

    private func declaration(_ key: DeclarationKey) -> Int32 {
        let slot = slot(of: key.file)
        let cached = builtDeclarations[slot][key.index]
        if cached >= 0 { return cached }
        let tree = tree(key.file)
        let element = Int(tree.topLevel[key.index])
        let node = tree.elements[element]
        let assigned = ids(ofTopLevel: key.file)[key.index]
        reportMisplacement(of: element, in: tree)
        inProgress.append(key)
        let outer = building
        building = SpliceShape()
        let index = build(element, in: tree, parentKind: nil, parentContext: .control, assigned: assigned, parent: -1, depth: 0, path: 0,
                          misplaced: !node.kind.mayBeDeclared)
        if node.kind == .menu, mayBeSpliced(assigned.id) {
            shapeOfMenu[index] = Int32(menuShapes.count)
            menuShapes.append(building)
        }
        building = outer
        inProgress.removeLast()
        builtDeclarations[slot][key.index] = index
        return index
    }

    /// Finds the declared menu a `use` or `menu:` names; nil after reporting.
    private func referencedMenu(_ range: TextRange, in tree: SyntaxTree, what: String) -> Int32? {
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
            let names = (inProgress[start...] + [key]).map { text(ids(ofTopLevel: $0.file)[$0.index].id) }
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
    /// In a group of files the candidates are the group's names of that
    /// kind, and the file sees those `lookup` finds from it as that kind:
    /// gathering them file by file from what each file sees cost the
    /// square of a long import chain's length (13 s for 5,000 files with
    /// one unknown name each). The first names come from `firstNames`.
    private func declaredNames(_ kind: ElementKind, in file: FileID) -> DeclaredNames {
        if groupNames.isEmpty {
            // A file alone: its own names, all in scope.
            let key = DeclaredNamesKey(file: file, kind: kind)
            let own = namesOfLoneFiles[key] ?? {
                var seen = Set<TextID>()
                var names: [String] = []
                for (index, assigned) in ids(ofTopLevel: file).enumerated() where seen.insert(assigned.id).inserted {
                    if self.kind(of: DeclarationKey(file: file, index: index)) == kind { names.append(text(assigned.id)) }
                }
                return names.sorted()
            }()
            namesOfLoneFiles[key] = own
            return DeclaredNames(first: Array(own.prefix(DeclaredNames.shown + 1)), candidates: own, inScope: { _ in true })
        }
        let candidates = groupNames(of: kind)
        let inScope = { [unowned self] (position: Int) -> Bool in
            self.sees(candidates.ids[position], as: kind, from: file)
        }
        let first = firstNames(of: kind, seenFrom: file) ?? {
            // Through an import cycle: scan the group's names in order.
            var names: [TextID] = []
            for position in candidates.ids.indices where inScope(position) {
                names.append(candidates.ids[position])
                if names.count > DeclaredNames.shown { break }
            }
            firstNamesCache[DeclaredNamesKey(file: file, kind: kind)] = names
            return names
        }()
        return DeclaredNames(first: first.map(text), candidates: candidates.texts, inScope: inScope)
    }

    private func sees(_ name: TextID, as kind: ElementKind, from file: FileID) -> Bool {
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
        var names = Set<TextID>()
        for (index, assigned) in ids(ofTopLevel: file).enumerated() where self.kind(of: DeclarationKey(file: file, index: index)) == kind {
            names.insert(assigned.id)
        }
        for resolvedImport in workspace.imports[file.rawValue] {
            guard let imported = resolvedImport.file, let first = firstNamesCache[DeclaredNamesKey(file: imported, kind: kind)] else { continue }
            for name in first where !names.contains(name) {
                if groupNames[name]?.inSeveralFiles == true, !sees(name, as: kind, from: file) { return nil }
                names.insert(name)
            }
        }
        let sorted = names.map { (id: $0, text: text($0)) }.sorted { $0.text < $1.text }
        return sorted.prefix(DeclaredNames.shown + 1).map(\.id)
    }

    /// Every name of the group declared (in some file) as a `kind`, sorted by text.
    private func groupNames(of kind: ElementKind) -> (ids: [TextID], texts: [String]) {
        if let known = groupNamesByKind[kind] { return known }
        var found = Set<TextID>()
        for file in indexedFiles {
            for (index, assigned) in ids(ofTopLevel: file).enumerated() where self.kind(of: DeclarationKey(file: file, index: index)) == kind {
                found.insert(assigned.id)
            }
        }
        let sorted = found.map { (id: $0, text: text($0)) }.sorted { $0.text < $1.text }
        let names = (ids: sorted.map(\.id), texts: sorted.map(\.text))
        groupNamesByKind[kind] = names
        return names
    }

    private func reportUnknown(_ name: Name, declared: DeclaredNames, also: [String] = [], what: String, kindWanted: String, alternatives: String? = nil) {
        // "Did you mean" compares the name with every candidate; past a few
        // million comparisons (thousands of unknown names among thousands
        // of declarations, far more than a report shows) the rest go without.
        var suggestion: String?
        if suggestionComparisons < Resolver.maximumSuggestionComparisons {
            suggestionComparisons += declared.candidates.count + also.count
            let declaredCount = declared.candidates.count
            suggestion = Suggest.closest(to: name.text, in: [declared.candidates, also].joined()) { position in
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

    // MARK: - Elements

    private func context(childOf parent: ElementKind?, parentContext: ElementContext) -> ElementContext {
        guard let parent else { return .control }
        if parent.holdsMenuElements { return .menu }
        if parent == .section { return parentContext }
        return .control
    }

    /// Builds syntax element `element` and everything inside it; returns its index in the model.
    /// `path`: the length of its parent's identifier path (0 at the top level).
    /// `misplaced`: its placement was reported, and its properties are not
    /// checked (nor kept): where it stands, what it takes is moot, and one
    /// mistake gets one error.
    private func build(_ element: Int, in tree: SyntaxTree, parentKind: ElementKind?, parentContext: ElementContext,
                       assigned: Assigned, parent: Int32, depth: UInt16, path parentPath: Int, misplaced: Bool = false) -> Int32 {
        buildDepth += 1
        defer { buildDepth -= 1 }
        let node = tree.elements[element]
        let kind = node.kind
        let context: ElementContext = kind == .menu || kind == .menubar ? .menu : self.context(childOf: parentKind, parentContext: parentContext)
        let index = Int32(model.records.count)
        model.records.append(ElementRecord(
            kind: kind, context: context, idSource: assigned.source, depth: depth, id: assigned.id,
            label: node.hasLabel ? intern(node.label, in: tree) : .none, parent: parent,
            file: slot(of: tree), syntax: UInt32(element)
        ))
        let propertyMark = openProperties.count
        var menuReference: TextRange?
        var hasReferences = false
        // Few properties per element: a list beats a dictionary's allocation,
        // and a known name (nearly all) is looked for in it only when its bit
        // says it was set before.
        seenProperties.shrink(to: 0)
        var seenNames: UInt64 = 0
        // Names that are no property, by text: a list searched for each made
        // 100,000 unknown names on one item take 14 s.
        var seenUnknown: [String: Int] = [:]
        var hasChildMembers = false
        // What the outputs repeat of it, for the splice limits (`SpliceShape`).
        var writtenBytes = Int(node.label.token.count) + Int(node.name.count) + (node.hasDoc ? tree.doc(ofElement: element).map { $0.span.end - $0.span.start } ?? 0 : 0)
        let body = tree.body(of: node)
        let firstMember = Int(body?.firstMember ?? 0)
        for memberIndex in firstMember..<(firstMember + Int(body?.memberCount ?? 0)) {
            guard tree.members[memberIndex].kind == .property else {
                hasChildMembers = true
                continue
            }
            let propertyIndex = Int(tree.members[memberIndex].index)
            let property = tree.properties[propertyIndex]
            writtenBytes += property.span.count
            if misplaced { continue }
            let name = propertyName(property.name, in: tree)
            let first: Int?
            if let name {
                first = seenNames & name.bit == 0 ? nil : seenProperties.first { sameText(tree.properties[$0].name, property.name, in: tree) }
                if first == nil {
                    seenProperties.append(propertyIndex)
                    seenNames |= name.bit
                }
            } else {
                // Past the file's listed errors a name that is no property
                // is an error either way (unknown, or set twice), and only
                // counted: it is not remembered, or a line of a million
                // unknown names would keep each.
                if countedWithoutMaking(at: tree.span(property.name)) { continue }
                let text = tree.text(property.name)
                first = seenUnknown[text]
                if first == nil { seenUnknown[text] = propertyIndex }
            }
            if let first {
                if countedWithoutMaking(at: tree.span(property.name)) { continue }
                let nameText = tree.text(property.name)
                report(.error(.duplicateProperty, "'\(nameText)' is set twice on \(displayName(Int(index)))", at: tree.span(property.name),
                              label: "set again here", secondary: [LabeledSpan(tree.span(tree.properties[first].name), "first set here")],
                              help: "remove one of them", fixIts: [removal(of: property, in: tree)]))
                continue
            }
            guard let record = validate(propertyIndex, named: name, in: tree, kind: kind, context: context) else { continue }
            if record.name == .menu, tree.values[Int(property.value)].kind == .identifier { menuReference = tree.values[Int(property.value)].range }
            if record.name == .alternate, record.payload != 0 { alternates.append(index) }
            if record.name == .preferred, record.payload == 0 { notPreferred.append(index) }
            if record.kind == .reference { hasReferences = true }
            openProperties.append(record)
        }
        let idBytes = assigned.id.exists ? model.texts.byteRange(assigned.id).count : Int(node.name.count)
        let path = parent < 0 ? idBytes : parentPath + 1 + idBytes
        building.addWritten(depth: Int(depth), pathBytes: path, writtenBytes: writtenBytes)
        let childMark = openChildren.count
        // Most elements are leaves: items whose bodies hold properties only.
        let dropMenu = hasChildMembers || menuReference != nil
            ? buildChildren(of: index, element: element, in: tree, menuReference: menuReference, depth: depth, path: path)
            : false
        if dropMenu, let position = openProperties[propertyMark...].firstIndex(where: { $0.name == .menu }) {
            // Already reported; keep the property out of the output.
            openProperties.remove(at: position)
        }
        if hasReferences { resolveReferences(from: propertyMark, childrenFrom: childMark, in: tree) }
        var record = model.records[Int(index)]
        record.firstProperty = UInt32(model.properties.count)
        record.propertyCount = UInt32(openProperties.count - propertyMark)
        record.firstChild = UInt32(model.children.count)
        record.childCount = UInt32(openChildren.count - childMark)
        model.records[Int(index)] = record
        moveTop(of: &openProperties, from: propertyMark, to: &model.properties)
        moveTop(of: &openChildren, from: childMark, to: &model.children)
        return index
    }

    /// Moves `stack[mark...]` to the end of `destination`.
    private func moveTop<Value>(of stack: inout [Value], from mark: Int, to destination: inout [Value]) {
        for position in mark..<stack.count { destination.append(stack[position]) }
        stack.shrink(to: mark)
    }

    private func sameText(_ a: TextRange, _ b: TextRange, in tree: SyntaxTree) -> Bool {
        guard a.count == b.count else { return false }
        return tree.file.bytes.withUnsafeBufferPointer { Resolver.sameBytes(a, b, in: $0) }
    }

    private static func sameBytes(_ a: TextRange, _ b: TextRange, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count where bytes[Int(a.start) + offset] != bytes[Int(b.start) + offset] { return false }
        return true
    }

    /// A fix-it removing a property with the blank space before it.
    private func removal(of property: PropertyNode, in tree: SyntaxTree) -> FixIt {
        let span = TextRanges.removalSpan(for: tree.span(property.span), in: tree.file)
        return FixIt(message: "remove '\(tree.text(property.name))'", edits: [TextEdit(span: span, replacement: "")])
    }

    private func childIndices(of index: Int32) -> ArraySlice<Int32> {
        let record = model.records[Int(index)]
        return model.children[Int(record.firstChild)..<Int(record.firstChild + record.childCount)]
    }

    /// Builds the children of element `index`, spliced ones included, onto
    /// `openChildren`; returns whether its `menu:` property names nothing
    /// (and must be dropped).
    /// `path`: the length of the element's identifier path.
    private func buildChildren(of index: Int32, element: Int, in tree: SyntaxTree, menuReference: TextRange?, depth: UInt16, path: Int) -> Bool {
        let parentKind = model.records[Int(index)].kind
        let context = model.records[Int(index)].context
        let members = tree.memberRefs(of: element)
        let mark = openChildren.count
        // Splices first: their identifiers are taken when synthetic ones are chosen.
        var spliced: [Int: [Int32]] = [:]
        var allNamed = true
        for (position, member) in members.enumerated() {
            switch member.kind {
            case .property:
                continue
            case .element:
                if !tree.elements[Int(member.index)].hasName { allNamed = false }
                continue
            case .use:
                break
            }
            let use = tree.uses[Int(member.index)]
            if use.attributeCount > 0 {
                report(.error(.syntax, "@allow applies to elements, not to 'use'", at: tree.span(tree.attributes[Int(use.firstAttribute)].span), label: "on a 'use'",
                              help: "put @allow on the declared menu '\(tree.text(use.target))' or on the element holding this 'use'"))
            }
            guard parentKind.holdsMenuElements || parentKind == .menubar || (parentKind == .section && context == .menu) else {
                report(.error(.misplacedElement, "'use' cannot appear in \(displayName(Int(index)))", at: tree.span(use.span), label: "misplaced 'use'",
                              help: "'use' splices a declared menu into a menubar, menu, pulldown, contextmenu, submenu or section"))
                continue
            }
            guard let target = referencedMenu(use.target, in: tree, what: "'use'"),
                  fitsSpliceLimits(target, withRoot: parentKind == .menubar, atDepth: depth, path: path, name: tree.text(use.target), at: tree.span(use.span)) else { continue }
            let origin = addOrigin(Origin(via: .use, menu: tree.text(use.target), site: tree.span(use.span)))
            spliced[position] = parentKind == .menubar
                ? [copy(target, origin: origin, parent: index, depth: depth + 1)]
                : copies(ofChildrenOf: target, origin: origin, parent: index, depth: depth + 1)
        }
        // Elements whose identifiers are all written need no assignment (the
        // common case); otherwise derived and synthetic ones are chosen here,
        // one per element, onto `openAssigned`.
        let assignedMark = openAssigned.count
        if !allNamed { assignIdentifiers(members, in: tree, spliced: spliced) }
        var elementOrdinal = 0
        for (position, member) in members.enumerated() {
            switch member.kind {
            case .property:
                continue
            case .use:
                openChildren.append(contentsOf: spliced[position] ?? [])
            case .element:
                let child = Int(member.index)
                let assigned: Assigned = allNamed ? (.none, .explicit) : openAssigned[assignedMark + elementOrdinal]
                elementOrdinal += 1
                let childNode = tree.elements[child]
                var misplaced = false
                if case .misplaced(let help) = Placement.check(child: childNode.kind, parent: parentKind, parentContext: context),
                   !countedWithoutMaking(at: tree.span(childNode.keyword)) {
                    misplaced = true
                    let childName = childNode.hasLabel ? tree.stringValue(childNode.label) : childNode.hasName ? tree.text(childNode.name) : nil
                    report(.error(.misplacedElement, "\(childNode.kind.rawValue)\(childName.map { " '\($0)'" } ?? "") cannot appear in \(displayName(Int(index)))",
                                  at: tree.span(childNode.keyword), label: "misplaced \(childNode.kind.rawValue)", help: help))
                }
                let built = build(child, in: tree, parentKind: parentKind, parentContext: context, assigned: assigned, parent: index, depth: depth + 1, path: path,
                                  misplaced: misplaced)
                openChildren.append(built)
            }
        }
        var dropMenu = false
        if let menuReference {
            let referenceText = tree.text(menuReference)
            if openChildren.count > mark {
                report(.error(.misplacedElement, "\(displayName(Int(index))) takes its items from 'menu: \(referenceText)', so it cannot also list items",
                              at: keywordSpan(Int(openChildren[mark])), label: "inline item", secondary: [LabeledSpan(tree.span(menuReference), "items come from here")],
                              help: "remove the inline items, or remove 'menu: \(referenceText)'"))
            } else if let target = referencedMenu(menuReference, in: tree, what: "'menu:'"),
                      fitsSpliceLimits(target, withRoot: false, atDepth: depth, path: path, name: referenceText, at: tree.span(menuReference)) {
                let origin = addOrigin(Origin(via: .menu, menu: referenceText, site: tree.span(menuReference)))
                let copies = self.copies(ofChildrenOf: target, origin: origin, parent: index, depth: depth + 1)
                openChildren.append(contentsOf: copies)
            } else {
                dropMenu = true
            }
        }
        openAssigned.shrink(to: assignedMark)
        finalizeSiblings(from: mark, writtenIn: tree)
        return dropMenu
    }

    /// Pushes the identifier of each element among `members` onto `openAssigned`.
    private func assignIdentifiers(_ members: ArraySlice<MemberRef>, in tree: SyntaxTree, spliced: [Int: [Int32]]) {
        if spliced.isEmpty, assignPlainSynthetics(members, in: tree) { return }
        // Nearly always every element has a name or a label, and those are
        // its identifier whatever else is taken: pushed as they are read.
        // A list of candidates, and the list the assignment made of them,
        // beside the stack were the peak of a body of millions of items.
        let mark = openAssigned.count
        var needsSynthetic = false
        for member in members where member.kind == .element {
            let given = candidate(Int(member.index), in: tree, nested: true)
            if let explicit = given.explicit {
                openAssigned.append((explicit, .explicit))
            } else if let derived = given.derived {
                openAssigned.append((derived, .label))
            } else {
                needsSynthetic = true
                break
            }
        }
        guard needsSynthetic else { return }
        openAssigned.shrink(to: mark)
        var candidates: [IdentifierAssignment.Candidate<TextID>] = []
        for member in members where member.kind == .element { candidates.append(candidate(Int(member.index), in: tree, nested: true)) }
        var takenBySplices = Set<TextID>()
        for copies in spliced.values { for copy in copies { takenBySplices.insert(internedID(copy)) } }
        openAssigned.append(contentsOf: IdentifierAssignment.assign(candidates, taken: takenBySplices, synthetic: syntheticID))
    }

    /// The common body with unnamed elements — named items beside sections
    /// and dividers — assigned without candidates, sets or arrays: when no
    /// written name can look synthetic and no unnamed element has a text to
    /// derive from, nothing can collide, and the n-th unnamed element of a
    /// kind is simply `kind` + n (what `IdentifierAssignment.assign` gives
    /// then). Returns false, having pushed nothing, for any other body.
    private func assignPlainSynthetics(_ members: ArraySlice<MemberRef>, in tree: SyntaxTree) -> Bool {
        for member in members where member.kind == .element {
            let node = tree.elements[Int(member.index)]
            if node.hasName ? mayBeSynthetic(node.name, in: tree) : node.hasLabel || hasDerivationText(Int(member.index), in: tree) { return false }
        }
        for index in syntheticOrdinals.indices { syntheticOrdinals[index] = 0 }
        for member in members where member.kind == .element {
            let node = tree.elements[Int(member.index)]
            if node.hasName {
                // Written, and never spelled like a synthetic one: left in the syntax (see `candidate`).
                openAssigned.append((.none, .explicit))
            } else {
                syntheticOrdinals[node.kind.ordinal] += 1
                openAssigned.append((syntheticID(node.kind, syntheticOrdinals[node.kind.ordinal]), .synthetic))
            }
        }
        return true
    }

    /// Whether an unnamed, unlabelled element has a text its identifier is derived from (a toggle's `off:` or `on:`).
    private func hasDerivationText(_ element: Int, in tree: SyntaxTree) -> Bool {
        candidate(element, in: tree, nested: true).derived != nil
    }

    /// Whether splicing `target`'s items (and `target` itself, `withRoot`)
    /// below a host element `depth` levels deep, whose identifier path is
    /// `path` bytes long, stays within the limits: no element deeper than
    /// `Parser.maximumDepth`, and the group's copies within `spliceBudget`
    /// elements and `spliceByteBudget` bytes. Counts the copies when it
    /// does; reports the splice, naming the chain of menus behind it, when
    /// it doesn't. The target is built, so its shape is known: the answer
    /// doesn't depend on the order the menus are written in.
    private func fitsSpliceLimits(_ target: Int32, withRoot: Bool, atDepth depth: UInt16, path: Int, name: String, at span: Span) -> Bool {
        let shape = shape(ofMenu: target)
        let splice = shape.splice(withRoot: withRoot, atDepth: Int(depth), hostPath: path)
        if splice.height > Parser.maximumDepth {
            let chain = spliceChain(to: target) { $0.deepestVia }
            report(.error(.spliceTooLarge, "splicing '\(name)' here nests elements \(splice.height) levels deep (\(chain)); they may nest \(Parser.maximumDepth)",
                          at: span, label: "too deep",
                          notes: ["a spliced menu's items land one level below the element that splices them, with everything the menu splices itself"],
                          help: "splice '\(name)' higher up, or let fewer of these menus splice one another"))
            return false
        }
        if splice.elements > spliceBudget - splicedCount {
            report(.error(.spliceTooLarge, "splicing '\(name)' here would copy more than the \(Self.grouped(spliceBudget)) elements these files may splice",
                          at: span, label: "past the splice limit",
                          notes: ["each splice copies the menu with everything it splices itself, so menus that splice each other several times grow exponentially"],
                          help: "splice the large menu in fewer places, or list what this place needs instead of splicing all of '\(name)'"))
            return false
        }
        if splice.cost > spliceByteBudget - splicedBytes {
            let chain = spliceChain(to: target) { $0.heaviestVia }
            report(.error(.spliceTooLarge, "splicing '\(name)' here would make the copies of these files take more than \(Self.mebibytes(spliceByteBudget)) of output (\(chain))",
                          at: span, label: "past the splice limit",
                          notes: ["each spliced element counts its written text, its identifier path and \(SpliceShape.bytesPerLevel) bytes per level it is nested; the limit is \(Resolver.spliceBytesPerSourceByte) times the size of the files, or \(Self.mebibytes(Resolver.minimumSpliceBytes)) when that is more"],
                          help: "splice '\(name)' in fewer places, higher up, or with shorter identifiers and texts"))
            return false
        }
        splicedCount += splice.elements
        splicedBytes += splice.cost
        building.add(splice, via: target)
        return true
    }

    /// The shape of a built menu, by the model index of its root.
    private func shape(ofMenu root: Int32) -> SpliceShape {
        shapeOfMenu[root].map { menuShapes[Int($0)] } ?? SpliceShape()
    }

    /// The chain of menus a splice of `target` brings in, as a message
    /// names it: the declaration being built, `target`, and onwards through
    /// the splice `link` picks in each (`M65 → M64 → … → M1`).
    private func spliceChain(to target: Int32, link: (SpliceShape) -> Int32) -> String {
        var names: [String] = []
        if let host = inProgress.last { names.append(text(ids(ofTopLevel: host.file)[host.index].id)) }
        var next = target
        // A built menu splices only menus built before it: the links end
        // (the count only guards that).
        while next >= 0, names.count <= menuShapes.count + 1 {
            names.append(idText(next))
            next = link(shape(ofMenu: next))
        }
        return CycleText.chain(names)
    }

    /// 67108864 as "64 MiB".
    private static func mebibytes(_ bytes: Int) -> String { "\(grouped(bytes >> 20)) MiB" }

    /// 1234567 as "1,234,567".
    private static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    private func addOrigin(_ origin: Origin) -> Int32 {
        model.origins.append(origin)
        return Int32(model.origins.count - 1)
    }

    /// A spliced copy of `source` and its subtree, marked with where it came
    /// from. Copies share the original's properties.
    private func copy(_ source: Int32, origin: Int32, parent: Int32, depth: UInt16) -> Int32 {
        var record = model.records[Int(source)]
        record.origin = origin
        record.parent = parent
        record.depth = depth
        let index = Int32(model.records.count)
        model.records.append(record)
        let copies = self.copies(ofChildrenOf: source, origin: origin, parent: index, depth: depth + 1)
        model.records[Int(index)].firstChild = UInt32(model.children.count)
        model.records[Int(index)].childCount = UInt32(copies.count)
        model.children.append(contentsOf: copies)
        return index
    }

    /// Copies of `source`'s children (see `copy`). The children's indices
    /// are taken out of `model.children` first: a slice of it kept while the
    /// copies append to it made each append copy the whole array, and a
    /// menu of a million spliced elements took seconds.
    private func copies(ofChildrenOf source: Int32, origin: Int32, parent: Int32, depth: UInt16) -> [Int32] {
        let children = Array(childIndices(of: source))
        return children.map { copy($0, origin: origin, parent: parent, depth: depth) }
    }

    private func origin(of index: Int32) -> Origin? {
        let origin = model.records[Int(index)].origin
        return origin >= 0 ? model.origins[Int(origin)] : nil
    }

    /// Spliced elements take their place under the host; synthetic ids that
    /// collide are renumbered, and real collisions are reported. The
    /// siblings are `openChildren[mark...]`, written in `tree` (all but
    /// spliced copies).
    private func finalizeSiblings(from mark: Int, writtenIn tree: SyntaxTree) {
        let count = openChildren.count - mark
        guard count > 0 else { return }
        // Ids compared as bytes, pairwise: bodies are small, and hashing or
        // making a string per id cost more than the comparisons. Large
        // bodies use an index.
        let useIndex = count > 16
        var index = SiblingIndex(count: useIndex ? count : 0)
        let textAt = { (position: Int) in self.idText(self.openChildren[mark + position]) }
        takenPositions.shrink(to: 0)
        var hasSynthetic = false
        var hasCopies = false
        for position in 0..<count {
            let child = openChildren[mark + position]
            let record = model.records[Int(child)]
            if record.origin >= 0 { hasCopies = true }
            guard record.idSource != .synthetic else {
                hasSynthetic = true
                continue
            }
            let first: Int?
            if useIndex {
                first = index.first(idText(child), orInsert: position, text: textAt)
            } else {
                first = takenPosition(of: child, record, among: mark, writtenIn: tree)
                if first == nil { takenPositions.append(position) }
            }
            guard let first else { continue }
            let earlier = openChildren[mark + first]
            // A pair that both come from one splice was reported in its own menu.
            let childOrigin = origin(of: child)
            let earlierOrigin = origin(of: earlier)
            if childOrigin == nil || earlierOrigin == nil || childOrigin != earlierOrigin {
                reportDuplicateID(idText(child), first: idSpan(Int(earlier)), second: childOrigin?.site ?? idSpan(Int(child)),
                                  derived: record.idSource == .label, labels: derivedLabels(earlier, child))
            }
        }
        // Without spliced siblings, the synthetic identifiers chosen before
        // the elements were built avoided every other sibling's already.
        guard hasSynthetic, hasCopies else { return }
        var takenNames: [TextID] = []
        var ordinals = [Int](repeating: 0, count: ElementKind.allCases.count)
        for position in 0..<count where model.records[Int(openChildren[mark + position])].idSource == .synthetic {
            let child = openChildren[mark + position]
            let kind = model.records[Int(child)].kind
            var ordinal = ordinals[kind.ordinal]
            var candidate: TextID
            repeat {
                ordinal += 1
                candidate = syntheticID(kind, ordinal)
            } while useIndex ? index.contains(text(candidate), text: textAt) : isTaken(candidate, among: mark, orIn: takenNames)
            ordinals[kind.ordinal] = ordinal
            model.records[Int(child)].id = candidate
            if useIndex { _ = index.first(text(candidate), orInsert: position, text: textAt) } else { takenNames.append(candidate) }
        }
    }

    /// The position (from `mark`) of the sibling in `takenPositions` with
    /// the identifier of element `child`, whose record is `record`.
    ///
    /// Most bodies are written in one file with every name written: those
    /// names are compared in `tree`'s bytes, read once for the body, where
    /// `sameID` would find the tree and its bytes again for each pair.
    private func takenPosition(of child: Int32, _ record: ElementRecord, among mark: Int, writtenIn tree: SyntaxTree) -> Int? {
        guard !takenPositions.isEmpty else { return nil }
        let file = slot(of: tree)
        guard !record.id.exists, record.file == file else {
            return takenPositions.first { sameID(openChildren[mark + $0], child) }
        }
        let name = tree.elements[Int(record.syntax)].name
        return tree.file.bytes.withUnsafeBufferPointer { bytes in
            takenPositions.first { position in
                let sibling = openChildren[mark + position]
                let other = model.records[Int(sibling)]
                guard !other.id.exists, other.file == file else { return sameID(sibling, child) }
                return Resolver.sameBytes(name, tree.elements[Int(other.syntax)].name, in: bytes)
            }
        }
    }

    /// Whether a sibling in `takenPositions`, or a synthetic one chosen
    /// already (`chosen`), has this identifier.
    private func isTaken(_ candidate: TextID, among mark: Int, orIn chosen: [TextID]) -> Bool {
        chosen.contains(candidate) || takenPositions.contains { hasID(openChildren[mark + $0], candidate) }
    }

    /// Whether an element's identifier is this interned text.
    private func hasID(_ index: Int32, _ text: TextID) -> Bool {
        let record = model.records[Int(index)]
        if record.id.exists { return record.id == text }
        let range = model.texts.byteRange(text)
        return model.texts.bytes.withUnsafeBufferPointer { table in
            withIDBytes(record) { $0.elementsEqual(UnsafeBufferPointer(rebasing: table[range])) }
        }
    }

    /// Whether two elements have the same identifier, compared as bytes.
    private func sameID(_ a: Int32, _ b: Int32) -> Bool {
        let first = model.records[Int(a)]
        let second = model.records[Int(b)]
        if first.id.exists, second.id.exists { return first.id == second.id }
        if !first.id.exists, !second.id.exists, first.file == second.file {
            // Both written in one file: compare the two names' bytes there.
            let tree = syntaxTree(of: first)
            return sameText(tree.elements[Int(first.syntax)].name, tree.elements[Int(second.syntax)].name, in: tree)
        }
        return withIDBytes(first) { left in withIDBytes(second) { right in left.elementsEqual(right) } }
    }

    private func withIDBytes<Result>(_ record: ElementRecord, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if record.id.exists {
            let range = model.texts.byteRange(record.id)
            return model.texts.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        let tree = syntaxTree(of: record)
        let name = tree.elements[Int(record.syntax)].name
        return tree.file.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(name.start)..<Int(name.end)])) }
    }

    // MARK: - Properties

    /// The validated form of property `index`, or nil after reporting why it is invalid.
    /// `name`: the property's name, when it is one of the catalog's.
    private func validate(_ index: Int, named name: PropertyName?, in tree: SyntaxTree, kind: ElementKind, context: ElementContext) -> PropertyRecord? {
        let property = tree.properties[index]
        guard let name else {
            reportUnknownProperty(property, in: tree, kind: kind, context: context)
            return nil
        }
        let tag = PropertyCatalog.valueTag(name, for: kind, in: context)
        let value = tree.values[Int(property.value)]
        func stored(_ valueKind: PropertyRecord.Kind, _ payload: UInt32) -> PropertyRecord {
            PropertyRecord(name: name, kind: valueKind, payload: payload, syntax: UInt32(index))
        }
        // The common, valid cases first: no spec is copied and no string made.
        switch (tag, value.kind) {
        case (.none, _):
            reportUnknownProperty(property, in: tree, kind: kind, context: context)
            return nil
        case (.string, .string):
            return stored(.string, intern(value.string, in: tree).rawValue)
        case (.bool, .bool):
            return stored(.bool, value.flag ? 1 : 0)
        // Identifiers (actions, enumeration cases, references) are read back
        // from the syntax when asked for: nearly all actions are distinct.
        case (.identifier, .identifier):
            return stored(.symbol, PropertyRecord.textInSource)
        case (.menuReference, .identifier), (.optionReference, .identifier), (.viewReference, .identifier):
            return stored(.reference, PropertyRecord.textInSource)
        case (.shortcut, .string):
            let textID = intern(value.string, in: tree)
            switch shortcut(textID) {
            case .success(let shortcutIndex):
                return stored(.shortcut, UInt32(shortcutIndex))
            case .failure(let error):
                report(.error(.invalidShortcut, "invalid shortcut \"\(text(textID))\": \(error.message)", at: tree.span(value.range), label: "not a shortcut",
                              help: "write shortcuts as \"cmd+shift+n\" or \"⌘⇧N\""))
                return nil
            }
        default:
            break
        }
        guard let spec = PropertyCatalog.spec(name, for: kind, in: context) else { return nil }
        func invalid(_ message: String, help: String? = nil, fixIts: [FixIt] = []) -> PropertyRecord? {
            report(.error(.invalidValue, message, at: tree.span(value.range), label: "expected \(spec.type.description)", help: help, fixIts: fixIts))
            return nil
        }
        let nameText = name.text
        if value.kind == .list {
            return invalid("'\(nameText)' takes a single value, not a list")
        }
        switch (spec.type, value.kind) {
        case (.number, .number):
            let text = tree.text(value.range)
            guard let number = Double(text), text.split(separator: ".").count <= 2 else {
                return invalid("'\(text)' is not a number")
            }
            guard number >= 0 else { return invalid("'\(nameText)' cannot be negative (found \(text))") }
            guard number <= 100_000 else { return invalid("\(text) is too large for '\(nameText)'") }
            return stored(.number, model.texts.intern(Resolver.normalizedNumber(number)).rawValue)
        case (.enumeration(let values), .identifier):
            if isOneOf(values, value.range, in: tree) { return stored(.symbol, PropertyRecord.textInSource) }
            let identifierText = tree.text(value.range)
            let suggestion = values.first { $0.lowercased() == identifierText.lowercased() } ?? Suggest.closest(to: identifierText, in: values)
            return invalid("'\(identifierText)' is not a valid \(nameText)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                           help: "\(nameText) is one of: \(values.joined(separator: ", "))",
                           fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: tree.span(value.range), replacement: $0)])] } ?? [])
        case (.enumeration(let values), .string) where values.contains(tree.stringValue(value.string)):
            let literal = tree.stringValue(value.string)
            return invalid("\(nameText) values are written without quotes", help: "write \(nameText): \(literal)",
                           fixIts: [FixIt(message: "remove the quotes", edits: [TextEdit(span: tree.span(value.range), replacement: literal)])])
        case (.string, .identifier):
            let identifier = tree.text(value.range)
            return invalid("'\(nameText)' takes a string; found the identifier '\(identifier)'", help: "put it in quotes: \(nameText): \"\(identifier)\"",
                           fixIts: [FixIt(message: "add quotes", edits: [TextEdit(span: tree.span(value.range), replacement: "\"\(identifier)\"")])])
        case (.bool, .string) where ["true", "false"].contains(tree.stringValue(value.string)):
            let literal = tree.stringValue(value.string)
            return invalid("booleans are written without quotes", help: "write \(nameText): \(literal)",
                           fixIts: [FixIt(message: "remove the quotes", edits: [TextEdit(span: tree.span(value.range), replacement: literal)])])
        default:
            return invalid("'\(nameText)' expects \(spec.type.description), found \(tree.valueSyntax(Int(property.value)).typeDescription)")
        }
    }

    /// Whether the bytes at `range` spell one of `values` (no string is made).
    private func isOneOf(_ values: [String], _ range: TextRange, in tree: SyntaxTree) -> Bool {
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            let written = UnsafeBufferPointer(rebasing: bytes[Int(range.start)..<Int(range.end)])
            return values.contains { $0.utf8.elementsEqual(written) }
        }
    }

    /// A shortcut string parsed once per distinct text.
    /// Equal shortcuts (`"cmd+n"`, `"⌘N"`) share one index, so rules compare indices.
    private func shortcut(_ text: TextID) -> Result<Int, Shortcut.ParseError> {
        let slot = Int(text.rawValue)
        if slot < model.shortcutByText.count {
            let known = model.shortcutByText[slot]
            if known > 0 { return .success(Int(known) - 1) }
            if known < 0, let error = model.shortcutErrors[text] { return .failure(error) }
        } else {
            model.shortcutByText.append(contentsOf: repeatElement(0, count: slot + 1 - model.shortcutByText.count))
        }
        switch Shortcut.parse(self.text(text)) {
        case .success(let parsed):
            let index = model.shortcuts.firstIndex(of: parsed) ?? model.shortcuts.count
            if index == model.shortcuts.count { model.shortcuts.append(parsed) }
            model.shortcutByText[slot] = Int32(index + 1)
            return .success(index)
        case .failure(let error):
            model.shortcutByText[slot] = -1
            model.shortcutErrors[text] = error
            return .failure(error)
        }
    }

    static func normalizedNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private func reportUnknownProperty(_ property: PropertyNode, in tree: SyntaxTree, kind: ElementKind, context: ElementContext) {
        guard !countedWithoutMaking(at: tree.span(property.name)) else { return }
        let name = tree.text(property.name)
        let valid = PropertyCatalog.specs(for: kind, in: context).map(\.name)
        let suggestion = Suggest.closest(to: name, in: valid)
        var message = "unknown property '\(name)' for \(kind.rawValue)"
        if let suggestion { message += "; did you mean '\(suggestion)'?" }
        var notes: [String] = []
        let owners = PropertyCatalog.kinds(taking: name)
        if !owners.isEmpty {
            notes.append("'\(name)' is a property of \(owners.joined(separator: ", "))"
                + (kind == .toggle ? " (a toggle in a view is a toggle button; in a menu it is a changeable-title item)" : ""))
        }
        let nameSpan = tree.span(property.name)
        report(.error(.unknownProperty, message, at: nameSpan, label: "not a property of \(kind.rawValue)", notes: notes,
                      help: valid.isEmpty ? "\(kind.rawValue) takes no properties" : "\(kind.rawValue) takes: \(valid.joined(separator: ", "))",
                      fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: nameSpan, replacement: $0)])] } ?? []))
    }

    /// Checks `default:` and `opens:` targets of the properties on the stack
    /// from `mark`; an unresolved one is reported and dropped so backends
    /// never see a dangling reference.
    private func resolveReferences(from mark: Int, childrenFrom childMark: Int, in tree: SyntaxTree) {
        let children = openChildren[childMark...]
        let file = tree.file.id
        var kept: [PropertyRecord] = []
        for property in openProperties[mark...] {
            guard property.kind == .reference else { kept.append(property); continue }
            let node = tree.properties[Int(property.syntax)]
            let range = tree.values[Int(node.value)].range
            let span = tree.span(range)
            let name = Name(text: tree.text(range), span: span)
            switch property.name {
            case .default:
                let optionIDs = options(in: Array(children)).map(idText)
                guard optionIDs.contains(name.text) else {
                    reportUnknown(name, declared: DeclaredNames(first: Array(optionIDs.prefix(DeclaredNames.shown + 1)), candidates: optionIDs, inScope: { _ in true }), what: "'default:'", kindWanted: "option")
                    continue
                }
                kept.append(property)
            case .opens:
                guard let key = lookup(intern(range, in: tree), from: file) else {
                    if Resolver.genericOpenTargets.contains(name.text) {
                        var generic = property
                        generic.kind = .symbol
                        kept.append(generic)
                        continue
                    }
                    reportUnknown(name, declared: declaredNames(.view, in: file), also: Resolver.genericOpenTargets, what: "'opens:'", kindWanted: "view",
                                  alternatives: "or one of \(Resolver.genericOpenTargets.joined(separator: ", "))")
                    continue
                }
                let targetKind = kind(of: key)
                guard targetKind == .view else {
                    report(.error(.unknownReference, "'\(name.text)' is a \(targetKind.rawValue), but 'opens:' needs a view", at: span, label: "not a view"))
                    continue
                }
                kept.append(property)
            default:
                kept.append(property)
            }
        }
        openProperties.replaceSubrange(mark..., with: kept)
    }

    /// Options of a pop-up, through its sections.
    private func options(in children: [Int32]) -> [Int32] {
        children.flatMap { child -> [Int32] in
            switch model.records[Int(child)].kind {
            case .option: [child]
            case .section: options(in: Array(childIndices(of: child)))
            default: []
            }
        }
    }

    /// `opens:` targets that name a kind of presentation rather than a declared view.
    package static let genericOpenTargets = ["window", "sheet", "view"]

    package static func options<Children: Sequence>(in children: Children) -> [Element] where Children.Element == Element {
        children.flatMap { child -> [Element] in
            switch child.kind {
            case .option: [child]
            case .section: options(in: child.children)
            default: []
            }
        }
    }
}
