import Testing
@testable import MenuSupport

/// `sortWithoutScratch` must order as the standard library does, on the
/// inputs that break quicksorts: sorted, reversed, all equal, organ pipes,
/// few distinct values, and sizes around its insertion-sort cut-off.
struct InPlaceSortTests {
    private static func patterns(count: Int) -> [(String, [Int])] {
        // A fixed linear congruential sequence: the same numbers every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(count)
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return [
            ("random", (0..<count).map { _ in next() }),
            ("few distinct", (0..<count).map { _ in next() % 3 }),
            ("sorted", Array(0..<count)),
            ("reversed", Array((0..<count).reversed())),
            ("equal", Array(repeating: 7, count: count)),
            ("organ pipe", (0..<count).map { min($0, count - $0) }),
            ("sawtooth", (0..<count).map { $0 % 17 }),
        ]
    }

    @Test(arguments: [0, 1, 2, 3, 15, 16, 17, 18, 33, 100, 1_000, 20_000])
    func ordersAsTheStandardSort(count: Int) {
        var wrong: [String] = []
        for (name, input) in Self.patterns(count: count) {
            var sorted = input
            sorted.withUnsafeMutableBufferPointer { $0.sortWithoutScratch(by: <) }
            if sorted != input.sorted() { wrong.append(name) }
        }
        #expect(wrong.isEmpty, "wrong order for \(wrong)")
    }

    /// Records with equal keys end up together; their order among
    /// themselves is unspecified, so only the keys are compared.
    @Test func keepsEveryElementWhenKeysTie() {
        let input = (0..<5_000).map { (key: $0 % 10, id: $0) }
        var sorted = input
        sorted.withUnsafeMutableBufferPointer { $0.sortWithoutScratch { $0.key < $1.key } }
        #expect(sorted.map(\.key) == input.map(\.key).sorted())
        #expect(sorted.map(\.id).sorted() == input.map(\.id))
    }
}
