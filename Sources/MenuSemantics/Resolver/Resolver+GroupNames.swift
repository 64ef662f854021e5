import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

// A group's names: where each top-level name of a group of several files is declared first, and which names several files declare.
extension Resolver {
    /// Indexes the top-level names of `files` and of what they import:
    /// the names several files declare (interned, for each file's scope to
    /// resolve), and the first declaration of each other name a reference
    /// may give. A file alone sees only its own names.
    func indexNames(of files: [FileID]) {
        if files.count == 1, let only = files.first, workspace.imports[only.rawValue].allSatisfy({ $0.file == nil }) { return }
        var indexed: Set<FileID> = []
        var next = 0
        var pending = files
        while next < pending.count {
            let file = pending[next]
            next += 1
            guard indexed.insert(file).inserted else { continue }
            groupFiles.append(file)
            pending += workspace.imports[file.rawValue].compactMap(\.file)
        }
        groupDeclares = groupFiles.contains { !tree($0).topLevel.isEmpty }
        let (names, contested) = indexGroupNames(keeping: mayBeLookedUp(hash:))
        lookedUpGroupNames = names
        for (hash, key) in contested {
            contestedNames.insert(internedID(ofTopLevel: key))
            contestedHashes.insert(hash)
        }
    }

    /// The first declaration in the group of `name`, a name no file's own
    /// scope resolved, unless several files declare it.
    func firstGroupDeclaration(named name: TextID) -> DeclarationKey? {
        let range = model.texts.byteRange(name)
        return model.texts.bytes.withUnsafeBufferPointer { table in
            let bytes = UnsafeBufferPointer(rebasing: table[range])
            let hash = TextTable.hash(bytes)
            let names: GroupNames
            if mayBeLookedUp(hash: hash) {
                names = lookedUpGroupNames
            } else {
                names = everyGroupName ?? indexGroupNames(keeping: { _ in true }).names
                everyGroupName = names
            }
            return names.first(hash: hash) { entry in
                withIDBytes(ofTopLevel: key(of: entry)) { $0.elementsEqual(bytes) }
            }.map(key(of:))
        }
    }

    /// The interned name of declaration `key` when several files of the
    /// group declare it.
    func contestedID(ofTopLevel key: DeclarationKey) -> TextID? {
        let hash = withIDBytes(ofTopLevel: key) { TextTable.hash($0) }
        guard contestedHashes.contains(hash) else { return nil }
        let id = internedID(ofTopLevel: key)
        return contestedNames.contains(id) ? id : nil
    }

    private func key(of entry: GroupNames.Entry) -> DeclarationKey {
        DeclarationKey(file: groupFiles[Int(entry.file)], index: Int(entry.position))
    }

    /// Each distinct name of `groupFiles` declared in one file only, by its
    /// first declaration, when `keeps` accepts its hash; and each name
    /// several files declare, by its hash and first declaration.
    private func indexGroupNames(keeping keeps: (UInt32) -> Bool) -> (names: GroupNames, contested: [(hash: UInt32, key: DeclarationKey)]) {
        var entries: [GroupNames.Entry] = []
        entries.reserveCapacity(groupFiles.reduce(0) { $0 + tree($1).topLevel.count })
        for (place, file) in groupFiles.enumerated() {
            for index in tree(file).topLevel.indices {
                let hash = withIDBytes(ofTopLevel: DeclarationKey(file: file, index: index)) { TextTable.hash($0) }
                entries.append(GroupNames.Entry(hash: hash, file: UInt32(place), position: UInt32(index)))
            }
        }
        // A name's declarations are then side by side, the first one first.
        entries.sort { ($0.hash, $0.file, $0.position) < ($1.hash, $1.file, $1.position) }
        func sameName(_ first: GroupNames.Entry, _ second: GroupNames.Entry) -> Bool {
            withIDBytes(ofTopLevel: key(of: first)) { left in
                withIDBytes(ofTopLevel: key(of: second)) { right in left.elementsEqual(right) }
            }
        }
        var contested: [(hash: UInt32, key: DeclarationKey)] = []
        // The distinct names of one hash (nearly always one), each with
        // whether another file declares it too.
        var namesOfHash: [(first: GroupNames.Entry, inSeveralFiles: Bool)] = []
        var kept = 0
        var runStart = 0
        while runStart < entries.count {
            var runEnd = runStart + 1
            while runEnd < entries.count, entries[runEnd].hash == entries[runStart].hash { runEnd += 1 }
            namesOfHash.removeAll(keepingCapacity: true)
            for entry in entries[runStart..<runEnd] {
                if let known = namesOfHash.firstIndex(where: { sameName($0.first, entry) }) {
                    if namesOfHash[known].first.file != entry.file { namesOfHash[known].inSeveralFiles = true }
                } else {
                    namesOfHash.append((entry, false))
                }
            }
            for name in namesOfHash {
                if name.inSeveralFiles {
                    contested.append((name.first.hash, key(of: name.first)))
                } else if keeps(name.first.hash) {
                    // Never past the run just read: at most one entry is kept per entry read.
                    entries[kept] = name.first
                    kept += 1
                }
            }
            runStart = runEnd
        }
        entries.removeLast(entries.count - kept)
        return (GroupNames(sorted: entries.withoutSpareCapacity()), contested)
    }
}
