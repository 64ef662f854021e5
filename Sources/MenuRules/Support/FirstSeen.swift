import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The first value seen for each key, for rules that report repeats
/// ("the same shortcut again") under keys that are not small dense
/// integers (for those, `DenseKeyTable` is cheaper).
///
/// A list while it is short, which is nearly always (a menu level, one
/// menu's shortcuts), and a dictionary once it is long, so a hostile file
/// with a million entries stays linear. `menuc-bench --phases` on the
/// 10 MB corpus shows the list in the check row: `duplicate-shortcut` with
/// a dictionary emptied for each menu ran more than twice as long.
struct FirstSeen<Key: Hashable, Value> {
    private var list: [(key: Key, value: Value)] = []
    private var index: [Key: Value] = [:]

    /// The value first seen for `key`.
    subscript(key: Key) -> Value? {
        index.isEmpty ? list.first { $0.key == key }?.value : index[key]
    }

    /// Forgets every key, keeping the room: a rule that looks at one menu
    /// level after another reuses one table instead of growing a new one each time.
    mutating func removeAll() {
        list.shrink(to: 0)
        if !index.isEmpty { index.removeAll(keepingCapacity: true) }
    }

    /// Records `value` for `key` (the caller checks it is new).
    mutating func insert(_ value: Value, for key: Key) {
        if index.isEmpty, list.count < 16 {
            list.append((key, value))
            return
        }
        if index.isEmpty { for entry in list { index[entry.key] = entry.value } }
        index[key] = value
    }
}
