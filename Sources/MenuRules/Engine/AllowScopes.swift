import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// One rule's `@allow` scopes in the checked file, and which of them
/// silenced a report.
///
/// A scope is the span of an element with `@allow`, so two scopes are
/// either nested or apart, and the scopes around a report are a chain from
/// the innermost outwards. A report finds the innermost by binary search and
/// jumps (by powers of two) up the chain of enclosing scopes; it marks only
/// that one, and the scopes around a marked one are marked when `used` is
/// read. Testing every scope for every report took 13 s for 120,000 items
/// that each carry an `@allow`.
struct AllowScopes: Sendable {
    /// The scopes as given; `used` answers in this order.
    let scopes: [Span]
    /// Indices into `scopes`, by start, the longer first when two start together
    /// (so a scope comes after every scope around it).
    private let order: [Int32]
    /// `scopes[order[p]]`, kept contiguous for the searches.
    private let sorted: [Span]
    /// `jumps[level * count + p]`: the position of the scope `2^level` steps
    /// out from the scope at position `p`, or -1 past the outermost.
    private let jumps: [Int32]
    private let levels: Int
    /// By position: a report fell inside this scope and no scope inside it.
    private var marked: [Bool]

    init(_ scopes: [Span]) {
        self.scopes = scopes
        // Most rules of most files have none: nothing to sort or index.
        guard !scopes.isEmpty else {
            (order, sorted, jumps, levels, marked) = ([], [], [], 1, [])
            return
        }
        let order = scopes.indices.sorted { a, b in
            let (x, y) = (scopes[a], scopes[b])
            if x.file != y.file { return x.file.rawValue < y.file.rawValue }
            if x.start != y.start { return x.start < y.start }
            if x.end != y.end { return x.end > y.end }
            return a < b
        }.map { Int32($0) }
        let sorted = order.map { scopes[Int($0)] }
        // The scope directly around each, from a stack of the scopes still open.
        var parent = [Int32](repeating: -1, count: sorted.count)
        var open: [Int] = []
        var depth = 0
        for position in sorted.indices {
            let scope = sorted[position]
            while let last = open.last, !Self.encloses(sorted[last], scope) { open.removeLast() }
            parent[position] = Int32(open.last ?? -1)
            open.append(position)
            depth = max(depth, open.count)
        }
        var levels = 1
        while 1 << levels < depth { levels += 1 }
        var jumps = parent
        jumps.reserveCapacity(levels * sorted.count)
        for level in 1..<levels {
            let below = (level - 1) * sorted.count
            for position in sorted.indices {
                let half = jumps[below + position]
                jumps.append(half < 0 ? -1 : jumps[below + Int(half)])
            }
        }
        self.order = order
        self.sorted = sorted
        self.jumps = jumps
        self.levels = levels
        self.marked = Array(repeating: false, count: sorted.count)
    }

    var isEmpty: Bool { scopes.isEmpty }

    /// Whether `span` lies inside one of the scopes (marking them used).
    mutating func silence(_ span: Span) -> Bool {
        // An empty span where one scope ends and the next begins is inside
        // both, and neither is inside the other: such a span (an insertion
        // point, which rules seldom report) is tested against each scope.
        guard span.start < span.end else { return silenceTestingEach(span) }
        // The last scope to start at or before the span: any scope around
        // the span is this one or a scope around it.
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            let scope = sorted[middle]
            if scope.file.rawValue < span.file.rawValue || (scope.file == span.file && scope.start <= span.start) { low = middle + 1 } else { high = middle }
        }
        var position = low - 1
        guard position >= 0, sorted[position].file == span.file else { return false }
        // Scopes further out end later: jump past those that end too soon.
        if !Self.encloses(sorted[position], span) {
            for level in stride(from: levels - 1, through: 0, by: -1) {
                let next = jumps[level * sorted.count + position]
                if next >= 0, !Self.encloses(sorted[Int(next)], span) { position = Int(next) }
            }
            position = Int(jumps[position])
            guard position >= 0 else { return false }
        }
        marked[position] = true
        return true
    }

    private mutating func silenceTestingEach(_ span: Span) -> Bool {
        var silenced = false
        for position in sorted.indices where Self.encloses(sorted[position], span) {
            marked[position] = true
            silenced = true
        }
        return silenced
    }

    /// For each scope, in the order given, whether a report fell inside it.
    var used: [Bool] {
        var around = marked
        // A scope comes after the scopes around it, so one pass backwards
        // hands each mark outwards all the way.
        for position in sorted.indices.reversed() where around[position] {
            let parent = jumps[position]
            if parent >= 0 { around[Int(parent)] = true }
        }
        var result = Array(repeating: false, count: scopes.count)
        for (position, index) in order.enumerated() { result[Int(index)] = around[position] }
        return result
    }

    private static func encloses(_ outer: Span, _ inner: Span) -> Bool {
        outer.file == inner.file && outer.start <= inner.start && inner.end <= outer.end
    }
}
