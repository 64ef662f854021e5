import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
import MenuTestSupport

/// `ImportNumbering` (and `ImportWalker.sees`, which walks where it must) against the plain definition: F sees T when a
/// breadth-first walk of the imports from F reaches T.
struct ImportNumberingTests {
    private static func resolved(_ targets: [Int?]) -> [ResolvedImport] {
        targets.map { ResolvedImport(path: "f.menu", span: Span(file: FileID(0), start: 0, end: 0), file: $0.map(FileID.init)) }
    }

    private static func plainlySees(_ target: Int, from file: Int, in graph: [[Int?]]) -> Bool {
        var queue = [file]
        var reached: Set<Int> = [file]
        var next = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            if current == target { return true }
            for case let imported? in graph[current] where reached.insert(imported).inserted { queue.append(imported) }
        }
        return false
    }

    /// Random graphs of up to 40 files: without cycles (imports only of
    /// later files), with cycles, with imports that failed to load (nil);
    /// files numbered in a random order between the questions, as the
    /// resolver numbers them on first use.
    @Test(arguments: [false, true])
    func answersAsAWalkDoes(withCycles: Bool) {
        var generator = SeededGenerator(state: withCycles ? 7 : 3)
        var compared = 0
        var quick = 0
        for _ in 0..<200 {
            let count = Int.random(in: 1...40, using: &generator)
            let graph: [[Int?]] = (0..<count).map { file in
                (0..<Int.random(in: 0...3, using: &generator)).map { _ -> Int? in
                    if Int.random(in: 0..<10, using: &generator) == 0 { return nil }
                    if withCycles { return Int.random(in: 0..<count, using: &generator) }
                    return file + 1 < count ? Int.random(in: (file + 1)..<count, using: &generator) : nil
                }
            }
            var walker = ImportWalker(imports: graph.map(Self.resolved))
            for _ in 0..<(count * 2) {
                let file = Int.random(in: 0..<count, using: &generator)
                let target = Int.random(in: 0..<count, using: &generator)
                walker.number(from: FileID(file))
                let expected = Self.plainlySees(target, from: file, in: graph)
                let sees = walker.sees(FileID(target), from: FileID(file))
                #expect(sees == expected, "\(graph): \(file) → \(target)")
                if let answer = walker.numbering.answer(sees: FileID(target), from: FileID(file)) {
                    #expect(answer == expected, "\(graph): \(file) → \(target), without a walk")
                    quick += 1
                }
                compared += 1
            }
        }
        #expect(compared > 1000)
        // Without cycles, most answers need no walk: the numbering does the work.
        if !withCycles { #expect(quick * 2 > compared) }
    }

    /// A chain numbered as a group answers every question from the
    /// numbering, in both directions, whatever order its files come in.
    @Test func aChainNeedsNoWalk() {
        let count = 100_000
        var numbering = ImportNumbering(imports: (0..<count).map { Self.resolved($0 + 1 < count ? [$0 + 1] : []) })
        numbering.number(group: [FileID(count / 2), FileID(count - 1)] + Array(0..<count).reversed().map { FileID($0) })
        for file in stride(from: 0, to: count, by: 997) {
            #expect(numbering.answer(sees: FileID(count - 1), from: FileID(file)) == true)
            #expect(numbering.answer(sees: FileID(file), from: FileID(count - 1)) == (file == count - 1))
        }
        #expect(!numbering.hasCycle)
    }

    @Test func aCycleIsNoticedAndStillAnswered() {
        // 0 → 1 → 2 → 0, and 2 → 3.
        var walker = ImportWalker(imports: [Self.resolved([1]), Self.resolved([2]), Self.resolved([0, 3]), []])
        walker.number(from: FileID(1))
        #expect(walker.numbering.hasCycle)
        for file in 0..<3 {
            for target in 0..<4 {
                let sees = walker.sees(FileID(target), from: FileID(file))
                #expect(sees)
            }
        }
        let threeSeesZero = walker.sees(FileID(0), from: FileID(3))
        #expect(!threeSeesZero)
    }
}
