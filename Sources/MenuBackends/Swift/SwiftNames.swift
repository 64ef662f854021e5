import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The Swift names generated code gives elements, and the clashes between
/// them, found before anything is written.
///
/// Every named element (explicit or label-derived identifier; every
/// top-level declaration) gets a `static` handle in its scope, named by
/// ``handleName(_:topLevel:)``; one that holds elements also gets a nested
/// type, ``typeName(_:)``, that is the scope of their handles. Transparent
/// groups (synthetic sections, toolbars and rows) are looked through, as
/// paths do. Names are never renumbered: two elements of one scope that
/// would get one name (or one path) are a `name-clash` error.
package enum SwiftNames {
    /// The handle's name: lowerCamelCase of the identifier; one no member
    /// can have (`self`, `Type`, `init`, …, and at the top level the
    /// namespace's own `document` and `localizer`) gets `_` appended.
    package static func handleName(_ id: String, topLevel: Bool) -> String {
        let name = SwiftEscaping.lowerCamelCase(id)
        if SwiftEscaping.unusableMemberNames.contains(name) || (topLevel && namespaceMembers.contains(name)) { return name + "_" }
        return name
    }

    /// The nested type's name: the identifier with a capital first letter
    /// (a synthetic one spelled as its kind reads: `menubar` → `MenuBar`);
    /// one that would hide a type the generated code names, or that is
    /// its handle's name too (`_x`), gets `_` appended.
    package static func typeName(_ element: Element) -> String {
        let id = element.id
        var name: String
        if element.idSource == .synthetic, let spelled = spelledKinds[element.kind], id.hasPrefix(element.kind.rawValue) {
            name = spelled + id.dropFirst(element.kind.rawValue.count)
        } else {
            name = (id.first.map { String($0).uppercased() } ?? "") + id.dropFirst()
        }
        if SwiftBackend.reservedTypeNames.contains(name) || SwiftEscaping.keywords.contains(name) || SwiftEscaping.unusableMemberNames.contains(name) {
            name += "_"
        }
        if name == handleName(id, topLevel: element.parent == nil) { name += "_" }
        return name
    }

    private static let spelledKinds: [ElementKind: String] = [
        .menubar: "MenuBar", .contextmenu: "ContextMenu", .pulldown: "PullDown", .popup: "PopUp",
    ]

    /// Whether an element has a handle, given that its scope is generated.
    package static func hasHandle(_ element: Element) -> Bool {
        element.parent == nil || element.idSource != .synthetic
    }

    /// The members of an element's scope: its children, with transparent
    /// groups opened up, in source order.
    package static func members(of element: Element) -> [Element] {
        var result: [Element] = []
        var pending: [Element] = element.children.reversed()
        while let next = pending.popLast() {
            if next.record.isTransparent {
                pending.append(contentsOf: next.children.reversed())
            } else {
                result.append(next)
            }
        }
        return result
    }

    /// `name-clash` errors of a checked file (one without language errors):
    /// members of one scope whose paths or generated names would be the same.
    ///
    /// This runs on every file `check` sees, so it reads records and bytes:
    /// a scope's paths can only clash through a transparent group (siblings
    /// are distinct already), and its Swift names only when an identifier is
    /// changed on the way (a capital or `_` first, or a name Swift reserves);
    /// only then are strings made. Through `Element` for every scope it took
    /// longer than resolving the file.
    package static func clashes(in file: CheckedFile) -> [Diagnostic] {
        let store = file.store
        var diagnostics: [Diagnostic] = []
        // The members of every scope below the top level, back to back (a
        // scope is a range of it): one array for the file, where an array
        // per scope was a third of this check. The top level is the file's
        // own list of declarations, not copied: a file can hold millions.
        var pool: [Int32] = []
        pool.reserveCapacity(file.elementCount - file.declarations.count)
        var scopes: [Scope] = []
        var pending: [Int32] = []
        // The folded names of one scope (see `foldedNamesRepeat`).
        var folded: [Int] = []
        // The hashes of one scope's identifiers, for `idsRepeat`.
        var hashes: [Int] = []
        let unusable = Self.unusable, namespaceMemberWords = Self.namespaceMemberWords
        let digest = IdentifierDigest(file, unusable: unusable, namespaceMembers: namespaceMemberWords)

        /// Looks at one scope's members — the declarations, or a range of
        /// `pool` — and adds the scopes below them to `scopes`. (Read from
        /// `pool` by position: a slice of it held while its members are
        /// appended would copy it.)
        func check(_ declarations: ArraySlice<Int32>?, _ range: Range<Int>, generated: Bool, topLevel: Bool) {
            var renamed = false
            // Whether an identifier of the scope starts with a capital, the
            // only way two distinct identifiers fold to one handle.
            var capitalized = false
            for position in range {
                let index = declarations?[position] ?? pool[position]
                let record = store.records[Int(index)]
                let named = generated && (topLevel || record.idSource != .synthetic)
                if named, !renamed {
                    // A synthetic top-level name is spelled as its kind (`MenuBar`).
                    renamed = record.idSource == .synthetic || digest.needsRenaming(index, topLevel: topLevel)
                    capitalized = capitalized || digest.isCapitalized(index)
                }
                if record.childCount > 0 {
                    let first = pool.count
                    appendMembers(of: record, in: store, to: &pool, pending: &pending)
                    scopes.append(Scope(members: first..<pool.count, generated: named, topLevel: false))
                }
            }
            let members = declarations ?? pool[range]
            if !renamed, capitalized {
                renamed = foldedNamesRepeat(members, store, digest, generated: generated, topLevel: topLevel, folded: &folded)
            }
            // Siblings are distinct already: paths can only meet through a group.
            let grouped = throughGroup(members, store)
            let pathsMeet = grouped && idsRepeat(members, digest, hashes: &hashes)
            guard pathsMeet || renamed else { return }
            diagnostics += clashes(among: members.map { Element(store: store, index: Int($0)) }, generated: generated,
                                   checkPaths: pathsMeet, checkNames: renamed)
        }

        let declarations = file.declarations.storeIndices
        check(declarations, declarations.indices, generated: true, topLevel: true)
        while let scope = scopes.popLast() {
            check(nil, scope.members, generated: scope.generated, topLevel: scope.topLevel)
        }
        return diagnostics
    }

    /// What the look at each scope needs of the file's identifiers, read
    /// once for every element of the file, in walk order.
    ///
    /// The walk is in the order of the source text, so identifiers' bytes
    /// are read front to back: read scope by scope instead, each was a
    /// cache miss, and together most of this check's time.
    private struct IdentifierDigest {
        /// The lowest store index of the file's elements: the tables cover
        /// only the span of the file's own, not every file of its group.
        private let base: Int
        /// Each identifier's `foldedHash`: equal for identifiers with one
        /// handle, and so for equal identifiers too (`idsRepeat`).
        private var hashes: [Int]
        /// Each identifier's `Traits`.
        private var traits: [Traits]

        private struct Traits: OptionSet {
            var rawValue: UInt8
            /// The identifier's Swift names differ from it, in any scope, in a
            /// way another identifier's could meet besides folding alike
            /// (`foldedHash`): `_` first or last (`_x` and its type `_x_`;
            /// `string_` and `string`, whose type is `String_`), or a name
            /// Swift reserves.
            static let renamed = Traits(rawValue: 1)
            /// The same at the top level, where the namespace's own members
            /// (`document`) are reserved too.
            static let renamedAtTopLevel = Traits(rawValue: 2)
            /// A capital first: the only way two distinct identifiers fold to one handle.
            static let capitalized = Traits(rawValue: 4)
        }

        /// (The word sets are passed in: read as statics, each name checked
        /// their lazy initialization.)
        init(_ file: CheckedFile, unusable: ASCIIWordSet, namespaceMembers: ASCIIWordSet) {
            let store = file.store
            let order = file.walkIndex.order
            base = Int(order.min() ?? 0)
            let span = order.isEmpty ? 0 : Int(order.max() ?? 0) - base + 1
            hashes = [Int](repeating: 0, count: span)
            traits = [Traits](repeating: [], count: span)
            for index in order {
                let slot = Int(index) - base
                // Returned, not stored from the closure: arrays captured
                // `inout` were checked for uniqueness on every store.
                let (hash, found) = store.withIDBytes(of: store.records[Int(index)]) { id in
                    (foldedHash(id), Self.traits(of: id, unusable: unusable, namespaceMembers: namespaceMembers))
                }
                hashes[slot] = hash
                traits[slot] = found
            }
        }

        /// What Swift does to an identifier's names (`Traits`).
        private static func traits(of id: UnsafeBufferPointer<UInt8>, unusable: ASCIIWordSet, namespaceMembers: ASCIIWordSet) -> Traits {
            guard let first = id.first, let last = id.last else { return [] }
            var found: Traits = []
            if first == UInt8(ascii: "_") || last == UInt8(ascii: "_") || unusable.contains(id) {
                found.formUnion([.renamed, .renamedAtTopLevel])
            } else if namespaceMembers.contains(id) {
                found.insert(.renamedAtTopLevel)
            }
            if isUpper(first) { found.insert(.capitalized) }
            return found
        }

        func hash(of index: Int32) -> Int { hashes[Int(index) - base] }

        func needsRenaming(_ index: Int32, topLevel: Bool) -> Bool {
            traits[Int(index) - base].contains(topLevel ? .renamedAtTopLevel : .renamed)
        }

        func isCapitalized(_ index: Int32) -> Bool { traits[Int(index) - base].contains(.capitalized) }
    }

    /// The members of one scope still to look at: a range of the pool of members.
    /// A struct, not a tuple: an array of tuples fetched the tuple's metadata on every pop.
    private struct Scope {
        var members: Range<Int>
        var generated: Bool
        var topLevel: Bool
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }

    /// Whether two named members' identifiers fold to one handle (`Edit`,
    /// `edit`): their folded hashes, gathered in `folded` (scratch space),
    /// meet. Asked only of a scope with a capitalized identifier: the
    /// others' identifiers are their own folds, and distinct. Gathering
    /// takes 8 bytes a name where a `Set` took twice that and more while growing.
    private static func foldedNamesRepeat(_ members: ArraySlice<Int32>, _ store: ModelStore, _ digest: IdentifierDigest,
                                          generated: Bool, topLevel: Bool, folded: inout [Int]) -> Bool {
        folded.removeAll(keepingCapacity: true)
        // Grown by doubling, the array of a million names would briefly be there twice.
        folded.reserveCapacity(members.count)
        for index in members {
            guard generated && (topLevel || store.records[Int(index)].idSource != .synthetic) else { continue }
            folded.append(digest.hash(of: index))
        }
        return containsRepeat(&folded)
    }

    /// Whether two members may have the same identifier: their folded
    /// hashes meet. Those of identifiers that differ only in capitals at
    /// the start meet too; the exact comparison (`clashes(among:…)`) tells
    /// them apart. The hashes are gathered in `hashes` (scratch space), as
    /// `folded` is: a dictionary per scope cost more.
    private static func idsRepeat(_ members: ArraySlice<Int32>, _ digest: IdentifierDigest, hashes: inout [Int]) -> Bool {
        hashes.removeAll(keepingCapacity: true)
        hashes.reserveCapacity(members.count)
        for index in members { hashes.append(digest.hash(of: index)) }
        return containsRepeat(&hashes)
    }

    /// Whether two of `values` are equal: a few compared pairwise (most
    /// scopes are a few members, and sorting them cost more), more sorted.
    private static func containsRepeat(_ values: inout [Int]) -> Bool {
        if values.count <= 32 {
            for later in values.indices.dropFirst() {
                for earlier in 0..<later where values[earlier] == values[later] { return true }
            }
            return false
        }
        values.sort()
        return zip(values, values.dropFirst()).contains { $0 == $1 }
    }

    /// Whether these members were gathered through a transparent group.
    private static func throughGroup(_ members: ArraySlice<Int32>, _ store: ModelStore) -> Bool {
        guard let first = members.first else { return false }
        let parent = store.records[Int(first)].parent
        return members.contains { store.records[Int($0)].parent != parent }
    }

    /// A record's children with transparent groups opened up, in source
    /// order (``members(of:)`` from records), appended to `members`;
    /// `pending` is scratch space.
    static func appendMembers(of record: ElementRecord, in store: ModelStore, to members: inout [Int32], pending: inout [Int32]) {
        let first = Int(record.firstChild)
        let end = first + Int(record.childCount)
        // Children up to the first transparent group are members as they
        // stand (most scopes have none): only from there on does the order
        // need the stack.
        var position = first
        while position < end {
            let child = store.children[position]
            if store.records[Int(child)].isTransparent { break }
            members.append(child)
            position += 1
        }
        guard position < end else { return }
        pending.removeAll(keepingCapacity: true)
        for position in (position..<end).reversed() { pending.append(store.children[position]) }
        while let next = pending.popLast() {
            let child = store.records[Int(next)]
            if child.isTransparent {
                let start = Int(child.firstChild)
                for position in (start..<(start + Int(child.childCount))).reversed() { pending.append(store.children[position]) }
            } else {
                members.append(next)
            }
        }
    }

    /// A record's children with transparent groups opened up, in source
    /// order (``members(of:)`` from records; `pending` is scratch space).
    static func members(of record: ElementRecord, in store: ModelStore, pending: inout [Int]) -> [Int] {
        var members: [Int] = []
        members.reserveCapacity(Int(record.childCount))
        pending.removeAll(keepingCapacity: true)
        let first = Int(record.firstChild)
        for position in (first..<(first + Int(record.childCount))).reversed() { pending.append(Int(store.children[position])) }
        while let next = pending.popLast() {
            let child = store.records[next]
            if child.isTransparent {
                let start = Int(child.firstChild)
                for position in (start..<(start + Int(child.childCount))).reversed() { pending.append(Int(store.children[position])) }
            } else {
                members.append(next)
            }
        }
        return members
    }

    private static let unusable = ASCIIWordSet(SwiftEscaping.unusableMemberNames)

    /// What the namespace itself declares beside the top-level handles.
    static let namespaceMembers: Set<String> = ["document", "localizer"]
    static let namespaceMemberWords = ASCIIWordSet(namespaceMembers)

    /// The hash of an identifier's handle name, `SwiftEscaping.lowerCamelCase`
    /// done on the bytes as they are hashed: identifiers with the same handle
    /// (and so the same type name) hash alike. Reserved type names (`Action`,
    /// `String`) get `_` only when capitalized from an identifier, and those
    /// clash only with one ending in `_`, which `needsRenaming` catches.
    private static func foldedHash(_ id: UnsafeBufferPointer<UInt8>) -> Int {
        var capitals = 0
        while capitals < id.count, isUpper(id[capitals]) { capitals += 1 }
        if capitals > 1, capitals < id.count, id[capitals] >= UInt8(ascii: "a"), id[capitals] <= UInt8(ascii: "z") { capitals -= 1 }
        var hash = FNV1a()
        for position in 0..<capitals { hash.add(id[position] + 0x20) }
        for position in capitals..<id.count { hash.add(id[position]) }
        return hash.value
    }

    /// A cheap hash of a few bytes. Equal hashes only send a scope to the
    /// exact comparison of its names (`clashes(among:…)`), so collisions
    /// cost time, never a wrong answer; `Hasher`, fed byte by byte, was
    /// most of this check's time.
    private struct FNV1a {
        private(set) var value = Int(bitPattern: 0xcbf2_9ce4_8422_2325)

        mutating func add(_ byte: UInt8) {
            value = (value ^ Int(byte)) &* 0x0000_0100_0000_01B3
        }
    }

    /// The clashes among one scope's members.
    private static func clashes(among members: [Element], generated: Bool, checkPaths: Bool, checkNames: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var paths: [String: Element] = [:]
        var names: [String: (Element, String)] = [:]
        for member in members {
            if checkPaths, let first = paths.updateValue(member, forKey: member.id) {
                diagnostics.append(clash(member, first, "the path '\(member.path)' would name two elements"))
            } else if checkNames, generated, hasHandle(member) {
                for (name, what) in generatedNames(of: member) {
                    if let (first, firstWhat) = names[name] {
                        diagnostics.append(clash(member, first, "'\(first.id)' and '\(member.id)' would both be named '\(name)' in generated Swift (\(firstWhat) and \(what))"))
                        break
                    }
                    names[name] = (member, what)
                }
            }
        }
        return diagnostics
    }

    /// The handle name and, for an element holding others, the type name.
    private static func generatedNames(of element: Element) -> [(String, String)] {
        let handle = (handleName(element.id, topLevel: element.parent == nil), "a handle")
        return element.children.count > 0 ? [handle, (typeName(element), "a type")] : [handle]
    }

    private static func clash(_ second: Element, _ first: Element, _ message: String) -> Diagnostic {
        .error(.nameClash, message, at: focus(second), label: "clashes with the element named first",
               secondary: [LabeledSpan(focus(first), "first named here")],
               help: "give one of them another identifier; sections without an identifier don't separate names")
    }

    /// Where an element is named: its identifier, label or keyword; for a
    /// spliced copy, the `use` or `menu:` that put it there.
    private static func focus(_ element: Element) -> Span {
        if let origin = element.origin { return origin.site }
        return element.nameSpan ?? element.labelSpan ?? element.keywordSpan
    }
}
