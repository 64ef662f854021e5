import Testing
@testable import MenuSupport
import MenuTestSupport

/// "Did you mean": the plain definition below (lowercase both, Levenshtein
/// with transpositions, fresh arrays each time) against `Suggest`, which
/// reuses its buffers and lowers ASCII by hand.
struct SuggestTests {
    private static func plainDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }

    private static func plainClosest(to word: String, in candidates: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let limit = max(1, min(3, lowered.count / 3 + (lowered.count > 5 ? 1 : 0)))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = plainDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            guard distance <= limit, distance <= max(1, min(lowered.count, candidate.count) / 2) else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    @Test func suggestsWhatThePlainDefinitionSuggests() {
        var generator = SeededGenerator(state: 42)
        // Letters that make near misses likely, both cases, and scalars
        // whose lowercase differs in length or form (İ, Σ, ẞ).
        let alphabet: [Character] = ["a", "b", "e", "A", "B", "E", "1", "İ", "Σ", "σ", "ß", "ẞ", "é"]
        func word() -> String {
            String((0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
        }
        var suggested = 0
        for _ in 0..<2_000 {
            let target = word()
            let candidates = (0..<Int.random(in: 0...12, using: &generator)).map { _ in word() }
            let expected = Self.plainClosest(to: target, in: candidates)
            #expect(Suggest.closest(to: target, in: candidates) == expected, "\(target) in \(candidates)")
            // Accepting some candidates answers as if the others weren't there.
            let accepted = candidates.indices.filter { _ in Bool.random(using: &generator) }
            #expect(Suggest.closest(to: target, in: candidates, accepting: { accepted.contains($0) })
                    == Self.plainClosest(to: target, in: accepted.map { candidates[$0] }), "\(target) in \(candidates), accepting \(accepted)")
            if expected != nil { suggested += 1 }
        }
        // Enough of the cases have an answer for the comparison to mean something.
        #expect(suggested > 200)
    }

    @Test func namesCloseTyposOnly() {
        #expect(Suggest.closest(to: "Fiel", in: ["File", "Edit", "View"]) == "File")
        #expect(Suggest.closest(to: "EDIT", in: ["File", "Edit"]) == "Edit")
        #expect(Suggest.closest(to: "view", in: ["Preview"]) == nil)
        #expect(Suggest.closest(to: "Format", in: []) == nil)
    }
}
