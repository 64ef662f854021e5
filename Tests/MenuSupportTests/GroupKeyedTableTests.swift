import Testing
@_spi(MenuPipeline) @testable import MenuSupport
import MenuTestSupport

struct GroupKeyedTableTests {
    /// Set keys in a shuffled order (each twice, the second value kept),
    /// past the points where the table turns from a short list into a
    /// dictionary and into an array: every value reads back, unset keys
    /// read as missing.
    @Test(arguments: [(keyCount: 10_000, expected: 10), (keyCount: 10_000, expected: 10_000), (keyCount: 40, expected: 0)])
    func valuesSurviveTheChangeOfForm(keyCount: Int, expected: Int) {
        var table = GroupKeyedTable(keyCount: keyCount, missing: -1, expectedKeys: expected)
        var generator = SeededGenerator(state: UInt64(keyCount))
        let keys = Array((0..<keyCount).filter { $0 % 3 == 0 }.shuffled(using: &generator))
        for (step, key) in keys.enumerated() {
            table[key] = -7
            table[key] = key * 2
            // Read a few back at every step, across the change of form.
            for earlier in keys[max(0, step - 3)...step] { #expect(table[earlier] == earlier * 2) }
        }
        for key in 0..<keyCount { #expect(table[key] == (key % 3 == 0 ? key * 2 : -1)) }
    }
}
