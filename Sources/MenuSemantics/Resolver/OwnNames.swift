/// A file's own top-level names, each with the position of its first
/// declaration among the file's top-level elements.
///
/// A dictionary for most files. A file whose declarations are a large
/// share of its group's interned texts keeps an array by `TextID` instead:
/// four bytes a text, where a dictionary of millions of names took twelve
/// bytes a slot, twice as many slots as names, and a second table while
/// it grew.
struct OwnNames {
    private var byName: [TextID: Int32] = [:]
    /// Position + 1 by `TextID.rawValue`, 0 for a name not declared; empty
    /// when `byName` is used.
    private var byText: [UInt32] = []

    /// The array pays from this many declarations, when they are at least
    /// a quarter of the texts (small files, and files of a large group,
    /// keep the dictionary).
    static let arrayMinimumDeclarations = 4096

    /// `declarations`: how many the file has; `texts`: how many texts are
    /// interned so far (every name the file declares is among them).
    init(declarations: Int, texts: Int) {
        if declarations >= OwnNames.arrayMinimumDeclarations, declarations * 4 >= texts {
            byText = [UInt32](repeating: 0, count: texts)
        } else {
            byName.reserveCapacity(declarations)
        }
    }

    subscript(name: TextID) -> Int? {
        get {
            guard !byText.isEmpty else { return byName[name].map(Int.init) }
            let raw = Int(name.rawValue)
            // A text interned after the scope was made is no declaration's name.
            guard raw < byText.count, byText[raw] > 0 else { return nil }
            return Int(byText[raw] - 1)
        }
        set {
            guard !byText.isEmpty else {
                byName[name] = newValue.map { Int32($0) }
                return
            }
            let raw = Int(name.rawValue)
            guard raw < byText.count else { return }
            byText[raw] = newValue.map { UInt32($0 + 1) } ?? 0
        }
    }
}
