@_spi(MenuPipeline) import MenuSemantics

/// The display (`⇧⌘N`) of each distinct shortcut of a model, made once
/// for all the pictures of a file: a menu row with a shortcut otherwise
/// made the display's string again for every row that shows it, as
/// costly as reading the rest of the row (`store.shortcuts` holds each
/// shortcut once, however often it is used).
struct ShortcutDisplays: Sendable {
    /// The model whose shortcuts these are: indices mean nothing in another.
    let store: ModelStore
    /// The displays' UTF-8, back to back in the store's order.
    private let bytes: [UInt8]
    /// Where each display ends in `bytes` (the next one's start).
    private let ends: [Int]

    init(_ store: ModelStore) {
        self.store = store
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(store.shortcuts.count)
        for shortcut in store.shortcuts {
            bytes.append(contentsOf: shortcut.display.utf8)
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// Hands `body` the display of the store's shortcut `index`.
    func withDisplay<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard ends.indices.contains(index) else { return nil }  // not one of `store`'s
        let start = index == 0 ? 0 : ends[index - 1]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }
}
