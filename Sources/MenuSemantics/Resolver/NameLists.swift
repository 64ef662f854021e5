/// The names an unknown name's report compares it with, read one at a
/// time: a file or group of millions of declarations made a list of every
/// name (and a set to leave out repeats) for one misspelt `use`, which
/// took more memory than checking the file.
struct CandidateNames {
    let count: Int
    let name: (Int) -> String

    init(count: Int, name: @escaping (Int) -> String) {
        self.count = count
        self.name = name
    }

    init(_ names: [String]) {
        self.init(count: names.count) { names[$0] }
    }
}

/// The smallest distinct names offered, in order, at most `limit` of them:
/// a report's list of declared names, made in one pass without keeping
/// the rest.
struct SmallestNames {
    let limit: Int
    private(set) var names: [String] = []

    init(limit: Int) {
        self.limit = limit
        names.reserveCapacity(limit + 1)
    }

    /// Whether `offer(name)` would keep `name`, if it is not kept already.
    func wouldKeep(_ name: String) -> Bool {
        names.count < limit || names.last.map { name < $0 } ?? true
    }

    mutating func offer(_ name: String) {
        guard wouldKeep(name) else { return }
        let place = names.firstIndex { $0 >= name } ?? names.count
        guard place == names.count || names[place] != name else { return }
        names.insert(name, at: place)
        if names.count > limit { names.removeLast() }
    }
}
