import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

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
///
/// This file holds its state and the per-file entry (`check`); the work is
/// in extensions by seam: `Resolver+Scopes` (which names a file sees),
/// `+Names` (texts, spans, identifier candidates), `+Declarations` (each
/// declaration built once), `+Elements` (an element and its children),
/// `+Splicing` (copies of used menus, within the limits), `+Siblings`
/// (children's identifiers once copies join them) and `+Properties`
/// (validation against the catalog, references).
package final class Resolver {
    let workspace: LoadedSources
    /// What it reports: the first errors of each file (all that are
    /// listed), and how many more; a flood of 100,000 errors held every one in full.
    var reported = DiagnosticKeeper()
    package var diagnostics: [Diagnostic] { reported.kept }
    /// Per file, the errors counted past the first ones (see `UnlistedErrors`).
    package var unlisted: [FileID: UnlistedErrors] { reported.unlisted }
    // The resolver's state is only touched by its own methods, one call at a
    // time: the dynamic exclusivity checks a class property gets by default
    // cost more than the appends they guard.
    @exclusivity(unchecked) var model = ModelBuilder()
    /// Written properties of the elements being built, innermost last. An
    /// element moves its run into the model when it is done, so each
    /// element's properties are contiguous there.
    @exclusivity(unchecked) var openProperties: [PropertyRecord] = []
    /// Property indices of the element whose properties are being validated.
    @exclusivity(unchecked) var seenProperties: [Int] = []
    /// Children of the elements being built, innermost last (like `openProperties`).
    @exclusivity(unchecked) var openChildren: [Int32] = []
    /// Identifiers chosen for the elements of the bodies being built, innermost last (like `openChildren`).
    @exclusivity(unchecked) var openAssigned: [Assigned] = []
    /// Per-kind counts of `assignPlainSynthetics` (reused: it doesn't nest).
    @exclusivity(unchecked) var syntheticOrdinals = [Int](repeating: 0, count: ElementKind.allCases.count)
    /// Positions of the siblings `finalizeSiblings` has seen (reused: it doesn't nest).
    @exclusivity(unchecked) var takenPositions: [Int] = []
    /// Interned synthetic identifiers (`section`, `section2`, …) by kind, then ordinal.
    @exclusivity(unchecked) var syntheticNames = [[TextID]](repeating: [], count: ElementKind.allCases.count)
    /// Elements written with `alternate: true`, checked once the model is built (`AlternateValidation`).
    var alternates: [Int32] = []
    /// Buttons with `preferred: false`, checked against their role once built.
    var notPreferred: [Int32] = []

    struct DeclarationKey: Hashable {
        var file: FileID
        /// Position among the file's top-level elements.
        var index: Int
    }

    /// The top-level names one file keeps itself: its own, and those
    /// declared in more than one file of the group, as its imports resolve
    /// them (see `makeScope`). Every other name is declared in one
    /// file only and is visible where that file is (`GroupNames`): a file
    /// no longer copies the names of everything it imports, which made a
    /// chain of 5,000 files, each importing the next, take 5.5 s and 500 MB.
    struct Scope {
        /// Own names, found by their bytes (see `ownDeclaration(named:in:scope:)`).
        var own = OwnNames()
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

    struct FilePair: Hashable {
        var from: FileID
        var to: FileID
    }

    typealias Assigned = (id: TextID, source: IdentifierSource)

    /// The identifiers of a file's declarations, in order. Two arrays, not
    /// one of `Assigned`: the pair takes 8 bytes for 5, and a file of
    /// millions of declarations holds them all while it is resolved.
    struct TopLevelIDs: RandomAccessCollection {
        private var ids: [TextID] = []
        private var sources: [IdentifierSource] = []

        init(capacity: Int) {
            ids.reserveCapacity(capacity)
            sources.reserveCapacity(capacity)
        }

        init(_ assigned: [Assigned]) {
            ids = assigned.map(\.id)
            sources = assigned.map(\.source)
        }

        var startIndex: Int { 0 }
        var endIndex: Int { ids.count }
        subscript(position: Int) -> Assigned { (ids[position], sources[position]) }

        mutating func append(_ assigned: Assigned) {
            ids.append(assigned.id)
            sources.append(assigned.source)
        }
    }

    var scopes: [FileID: Scope] = [:]
    /// The files of a group of several, in the order their names were
    /// indexed (`indexNames`); empty for a file alone.
    var groupFiles: [FileID] = []
    /// Whether a file of the group declares something.
    var groupDeclares = false
    /// The group's names that its references may look up (see `GroupNames`).
    var lookedUpGroupNames = GroupNames()
    /// All the group's names, made when a name no reference gives is asked
    /// for (a report's "did you mean" and lists of declared names).
    var everyGroupName: GroupNames?
    /// Whether `everyGroupName` was let go once, after the file whose
    /// report asked for it (see `letGoOfEveryGroupNameOnce`).
    var everyGroupNameWasLetGo = false
    /// The names several files of the group declare, and their hashes.
    var contestedNames: Set<TextID> = []
    var contestedHashes: Set<UInt32> = []
    var someNamesAreContested: Bool { !contestedNames.isEmpty }
    /// Whether one file sees another, as asked so far.
    var sightings: [FilePair: Bool] = [:]
    /// The files being checked, numbered for `sees` when it is first asked
    /// (a group that never looks across files never pays for it).
    var groupToNumber: [FileID]?
    var walker: ImportWalker
    /// Per file, its declarations' identifiers when some have none to read
    /// (see `storedIDs(ofTopLevel:)`), else nil.
    var storedTopLevelIDs: [FileID: TopLevelIDs?] = [:]
    /// The model index of each built top-level declaration, by the file's
    /// place in `model.trees` and the declaration's position (-1: not
    /// built yet). Arrays, not a dictionary keyed by `DeclarationKey`:
    /// every declaration is looked up when it is built.
    @exclusivity(unchecked) var builtDeclarations: [[Int32]] = []
    /// Each file's place in `model.trees` (see `ElementRecord.file`), and
    /// the last file asked about: elements come in runs of one file.
    private var treeSlots: [FileID: UInt32] = [:]
    @exclusivity(unchecked) private var lastFile: (file: FileID, slot: UInt32)?
    @exclusivity(unchecked) var inProgress: [DeclarationKey] = []

    /// How many elements `use` and `menu:` may copy into one group of
    /// files: twice as many as the files write, or this many when that is
    /// more. Each splice copies everything its menu splices, so a few
    /// kilobytes of menus that each use the one before ten times would
    /// otherwise copy a billion elements.
    package static let minimumSpliceBudget = 100_000
    /// How many bytes of output the copies `use` and `menu:` make in one
    /// group of files may cost (`SpliceShape.Splice.cost`: their written
    /// text, their identifier paths and their indentation): sixteen times
    /// the size of the files, or this many when that is more. Counting
    /// elements alone let short chains of long identifiers or doc comments
    /// write gigabytes; the floor lets any file splice the 100,000 elements
    /// the element budget allows at the depths real menus have (a few
    /// levels, about 400 bytes each), and the factor lets a large project
    /// splice its menus several times over.
    package static let minimumSpliceBytes = 64 << 20
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
    var buildDepth = 0
    private var hasChecked = false
    var spliceBudget = Resolver.minimumSpliceBudget
    var splicedCount = 0
    var spliceByteBudget = Resolver.minimumSpliceBytes
    var splicedBytes = 0
    /// The shape of the declaration being built (saved and restored around
    /// one built inside it), and of each built menu: what a splice of it
    /// adds (see `SpliceShape`). Shapes are found by the model index of the
    /// menu's root through a table of small entries: a dictionary of the
    /// shapes themselves took 30 MB for 100,000 menus.
    @exclusivity(unchecked) var building = SpliceShape()
    var menuShapes: [SpliceShape] = []
    var shapeOfMenu: [Int32: Int32] = [:]
    /// Hashes (`TextTable.hash`) of the names `use` and `menu:` give in the
    /// group's files: only a menu whose identifier hashes like one of them
    /// can be spliced, so only such menus keep their shape. A file of
    /// millions of menus, none spliced, kept one for each.
    private var splicedNames: Set<UInt32> = []
    /// The same of the names `opens:` gives: with `splicedNames`, every
    /// name the group's references look up (see `mayBeLookedUp`).
    private var openedNames: Set<UInt32> = []
    /// Declarations that splice, directly or not, a menu on a reference
    /// cycle: built the way that finds and reports the cycle.
    var splicesACycle: Set<DeclarationKey> = []

    struct DeclaredNamesKey: Hashable {
        var file: FileID
        var kind: ElementKind
    }
    /// The first names of each kind a file of a group sees (see `firstNames`).
    var firstNamesCache: [DeclaredNamesKey: [TextID]] = [:]
    /// The first names of each kind a file alone declares.
    var namesOfLoneFiles: [DeclaredNamesKey: [String]] = [:]
    /// What an unknown name's report offers: the first names of a kind the
    /// file sees (sorted; one more than a report shows, to know there are
    /// more) and, for "did you mean", candidates with a test of whether
    /// the file sees each as that kind, asked only of the near ones.
    struct DeclaredNames {
        static let shown = 8
        var first: [String]
        var candidates: CandidateNames
        var inScope: (Int) -> Bool
    }
    /// Candidates compared for "did you mean" so far, and how many may be.
    var suggestionComparisons = 0
    static let maximumSuggestionComparisons = 4_000_000

    /// Per-file tables start empty and are filled for the files this
    /// resolver touches: a build of thousands of files runs one resolver
    /// per import group, and each must cost what its group holds, not
    /// what the workspace holds.
    package init(workspace: LoadedSources) {
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
        // Nearly every text is an element's name or label, or a value,
        // written in a source or derived from one: the sources bound them.
        // A declaration's written or derived identifier is not interned.
        let declarationIDs = trees.reduce(0) { count, tree in
            count + tree.topLevel.reduce(0) { named, element in
                let node = tree.elements[Int(element)]
                return named + (node.hasName || node.hasLabel ? 1 : 0)
            }
        }
        model.texts.reserve(texts: 2 * elementCount - declarationIDs + trees.reduce(0) { $0 + $1.values.count }, bytes: sourceBytes)
    }

    /// Adds the names `tree`'s `use`s and `menu:` properties give to
    /// `splicedNames`, and those its `opens:` properties give to `openedNames`.
    private func noteSplicedNames(in tree: SyntaxTree) {
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            func hash(_ name: TextRange) -> UInt32 {
                Resolver.nameHash(UnsafeBufferPointer(rebasing: bytes[Int(name.start)..<Int(name.end)]))
            }
            for use in tree.uses { splicedNames.insert(hash(use.target)) }
            for property in tree.properties where property.name.count == 4 || property.name.count == 5 {
                let value = tree.values[Int(property.value)]
                switch propertyName(property.name, in: tree) {
                case .menu where value.kind == .identifier: splicedNames.insert(hash(value.range))
                case .opens: openedNames.insert(hash(value.range))
                default: break
                }
            }
        }
    }

    /// Whether a reference of the group may look up a name of this hash
    /// (`TextTable.hash` of its bytes): `use`, `menu:` and `opens:` are
    /// what looks names up.
    func mayBeLookedUp(hash: UInt32) -> Bool {
        splicedNames.contains(hash) || openedNames.contains(hash)
    }

    /// The hash of the text these bytes are interned as (ill-formed UTF-8
    /// is interned decoded), which is the hash of the interned bytes.
    private static func nameHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let (hash, isASCII) = TextTable.hashAndASCII(bytes)
        if isASCII || TextTable.isWellFormedUTF8(bytes) { return hash }
        var decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.withUTF8 { TextTable.hash($0) }
    }

    /// Whether a `use` or `menu:` of the group may name declaration `key`.
    func mayBeSpliced(_ key: DeclarationKey) -> Bool {
        guard !splicedNames.isEmpty else { return false }
        return withIDBytes(ofTopLevel: key) { splicedNames.contains(TextTable.hash($0)) }
    }

    // MARK: - Files

    /// The checked form of each file (and, through them, of what they
    /// import), in one model. Called once: the resolver forgets its working
    /// tables before it makes the checked files.
    package func check(_ files: [FileID]) -> [CheckedFile] {
        precondition(!hasChecked, "a resolver checks one group of files, once")
        hasChecked = true
        var resolved: [(file: FileID, platforms: [Platform], written: Bool)] = []
        reserve(for: files)
        groupToNumber = files
        indexNames(of: files)
        for file in files {
            let syntax = workspace.syntax(file)
            _ = scope(of: file)
            buildDeclarations(of: file)
            checkMenubars(in: file)
            letGoOfEveryGroupNameOnce()
            let (platforms, written) = resolvePlatforms(syntax.platforms)
            resolved.append((file, platforms, written))
        }
        let roots = resolved.map { declarations(of: $0.file) }
        forgetWorkingTables()
        let store = ModelStore(model)
        for diagnostic in AlternateValidation.diagnostics(of: alternates, in: store, targetsMacOS: { [workspace] file in
            guard let platforms = workspace.syntax(file).platforms else { return Platform.defaults.contains { $0.name == .macOS } }
            return platforms.entries.contains { $0.name.text == Platform.Name.macOS.rawValue }
        }) { report(diagnostic) }
        for diagnostic in RoleValidation.diagnostics(ofNotPreferred: notPreferred, in: store) { report(diagnostic) }
        // A file's walk is made here, where the working tables just freed
        // make room for it, unless a language error in the file will have
        // its rules walk the declarations left complete instead.
        let withErrors = Set(diagnostics.lazy.filter { $0.severity == .error }.map(\.span.file)).union(unlisted.keys)
        return zip(resolved, roots).map { entry, roots in
            let syntax = workspace.syntax(entry.file)
            let file = CheckedFile(source: workspace.file(entry.file), doc: syntax.doc?.text, platforms: entry.platforms, platformsWritten: entry.written,
                                   imports: workspace.imports[entry.file.rawValue], store: store, roots: roots, syntax: syntax)
            if !withErrors.contains(entry.file) { _ = file.walkIndex }
            return file
        }
    }

    func report(_ diagnostic: Diagnostic) { reported.add(diagnostic) }

    /// Frees the index of every name of the group after the first file
    /// whose reports asked for it: a misspelt name in a small file that
    /// imports a large one would otherwise hold 12 bytes a declaration of
    /// the large file while its model is built, at the peak. Made again
    /// for a later file that asks, it is kept from then on, so it is made
    /// at most twice.
    private func letGoOfEveryGroupNameOnce() {
        guard everyGroupName != nil, !everyGroupNameWasLetGo else { return }
        everyGroupName = nil
        everyGroupNameWasLetGo = true
    }

    /// Frees what only building needed (names, scopes, the map from syntax
    /// to model, splice shapes, the text table's lookup) before the checked files are made: their
    /// walk indexes then reuse that memory. In a file of millions of
    /// declarations these tables are a tenth of the peak, and they were
    /// still held when the walk indexes were added to it.
    private func forgetWorkingTables() {
        storedTopLevelIDs = [:]
        openedNames = []
        scopes = [:]
        lookedUpGroupNames = GroupNames()
        everyGroupName = nil
        contestedNames = []
        contestedHashes = []
        sightings = [:]
        builtDeclarations = []
        menuShapes = []
        shapeOfMenu = [:]
        splicedNames = []
        firstNamesCache = [:]
        namesOfLoneFiles = [:]
        openProperties = []
        openChildren = []
        openAssigned = []
        model.texts.seal()
    }

    /// Marks, in `builtDeclarations`, a declaration that repeats an earlier
    /// one's name past the file's listed errors (see `makeOwnScope`).
    static let countedDuplicate: Int32 = -2

    /// Builds each of `file`'s declarations. One that repeats an earlier
    /// one's name, once the file's listed errors are full, is not built: no
    /// name leads to it, its duplicate-id error is counted, and so is its
    /// misplacement if it has one; what it holds is not checked (nor
    /// counted). A file of a million `menu a "A"` lines built a record and
    /// a walk entry for each of a million errors.
    func buildDeclarations(of file: FileID) {
        let tree = tree(file)
        let slot = slot(of: file)
        for index in tree.topLevel.indices {
            if builtDeclarations[slot][index] == Resolver.countedDuplicate {
                reportMisplacement(of: Int(tree.topLevel[index]), in: tree)
                continue
            }
            _ = declaration(DeclarationKey(file: file, index: index))
        }
    }

    /// The model indices of `file`'s built declarations, in order: its
    /// list in `builtDeclarations`, taken out of it (which is then of no
    /// more use) without the ones not built. A copy beside it was four
    /// bytes a declaration more at the peak of checking a file of millions.
    private func declarations(of file: FileID) -> [Int32] {
        let slot = slot(of: file)
        var roots: [Int32] = []
        swap(&roots, &builtDeclarations[slot])
        roots.removeAll { $0 == Resolver.countedDuplicate }
        return roots
    }

    /// Reports a top-level element that can't be declared there.
    func reportMisplacement(of element: Int, in tree: SyntaxTree) {
        let node = tree.elements[element]
        guard !node.kind.mayBeDeclared, case .misplaced(let help) = Placement.check(child: node.kind, parent: nil, parentContext: .control),
              !countedWithoutMaking(at: tree.span(node.keyword)) else { return }
        report(.error(.misplacedElement, "\(node.kind.rawValue) cannot be declared at the top level", at: tree.span(node.keyword),
                      label: "misplaced \(node.kind.rawValue)", help: help))
    }

    /// Whether an error at `span` is past the file's listed errors, and was
    /// counted here without being made: junk can hold millions, and making
    /// each ("did you mean" included) cost more than the rest of the check.
    func countedWithoutMaking(at span: Span) -> Bool { reported.countsWithoutKeeping(at: span) }

    /// The file's syntax tree, registered in the model the first time: the
    /// model's records point into it.
    func tree(_ file: FileID) -> SyntaxTree {
        if let slot = treeSlots[file] { return model.trees[Int(slot)] }
        let tree = workspace.syntax(file).tree
        treeSlots[file] = UInt32(model.trees.count)
        model.trees.append(tree)
        builtDeclarations.append([Int32](repeating: -1, count: tree.topLevel.count))
        return tree
    }

    /// `file`'s place in `model.trees`, registering it the first time.
    @inline(__always)
    func slot(of file: FileID) -> Int {
        if let last = lastFile, last.file == file { return Int(last.slot) }
        _ = tree(file)
        let slot = treeSlots[file] ?? 0
        lastFile = (file, slot)
        return Int(slot)
    }

    @inline(__always)
    func slot(of tree: SyntaxTree) -> UInt32 { UInt32(slot(of: tree.file.id)) }

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
    private func checkMenubars(in file: FileID) {
        // Built, and not repeats past the listed errors.
        let declarations = builtDeclarations[slot(of: file)].lazy.filter { $0 >= 0 }
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
}
