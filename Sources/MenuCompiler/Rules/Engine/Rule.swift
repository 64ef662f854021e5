/// A guideline rule. Each lives in its own file under `Rules/Catalog/`,
/// carrying everything about it — id, severity, citation, explanation and
/// examples — and is listed once in `RuleRegistry.all`.
public protocol Rule: Sendable {
    var descriptor: RuleDescriptor { get }
    /// Looks at one checked file and reports findings through `reporter`.
    func check(_ file: CheckedFile, _ reporter: inout RuleReporter)
}

public struct RuleDescriptor: Sendable {
    /// Stable kebab-case id: public API (used in @allow, --rule, SARIF).
    public var id: String
    public var severity: Severity
    public var guideline: GuidelineCitation
    /// One line: what the rule looks for.
    public var summary: String
    /// Why it matters and what to do instead.
    public var explanation: String
    /// The guideline's own words.
    public var quote: String
    public var hasFixIt: Bool
    public var examples: [RuleExample]

    public init(id: String, severity: Severity, guideline: GuidelineCitation, summary: String, explanation: String,
                quote: String, hasFixIt: Bool = false, examples: [RuleExample]) {
        self.id = id
        self.severity = severity
        self.guideline = guideline
        self.summary = summary
        self.explanation = explanation
        self.quote = quote
        self.hasFixIt = hasFixIt
        self.examples = examples
    }
}

/// A rule's own test case. In triggering examples `↓` marks where each
/// finding starts (the marker is removed before compiling); `corrected` is
/// the text after applying every fix-it.
public struct RuleExample: Sendable {
    public enum Expectation: Sendable {
        case triggers
        case passes
    }
    public var expectation: Expectation
    public var source: String
    public var corrected: String?

    public static func triggering(_ source: String, corrected: String? = nil) -> RuleExample {
        RuleExample(expectation: .triggers, source: source, corrected: corrected)
    }

    public static func passing(_ source: String) -> RuleExample {
        RuleExample(expectation: .passes, source: source, corrected: nil)
    }

    public static let marker: Character = "↓"

    /// The source without markers, and the UTF-8 offsets the markers stood at.
    public var unmarked: (text: String, offsets: [Int]) {
        var text = ""
        var offsets: [Int] = []
        for character in source {
            if character == RuleExample.marker { offsets.append(text.utf8.count) } else { text.append(character) }
        }
        return (text, offsets)
    }
}

/// Collects one rule's findings on one file, stamping them with the rule's
/// id, severity and citation.
public struct RuleReporter {
    public let descriptor: RuleDescriptor
    public let configuration: RuleConfiguration
    public private(set) var findings: [Diagnostic] = []

    init(descriptor: RuleDescriptor, configuration: RuleConfiguration) {
        self.descriptor = descriptor
        self.configuration = configuration
    }

    public var thresholds: RuleThresholds { configuration.thresholds }

    public mutating func report(
        _ message: String,
        at span: Span,
        label: String = "",
        element: Element? = nil,
        secondary: [LabeledSpan] = [],
        notes: [String] = [],
        help: String? = nil,
        fixIts: [FixIt] = []
    ) {
        findings.append(Diagnostic(
            id: descriptor.id, severity: descriptor.severity, message: message, primary: LabeledSpan(span, label),
            secondary: secondary, notes: notes, help: help, fixIts: fixIts, guideline: descriptor.guideline,
            elementPath: element?.path
        ))
    }
}

extension CheckedFile {
    /// Visits every element depth-first in source order with its ancestors
    /// (outermost first). Spliced copies are visited too; rules about one
    /// element usually skip them (`element.isSpliced`), because the
    /// declaration they came from is checked where it is written.
    public func walk(_ visit: (Element, Ancestors) -> Void) {
        let store = store
        for index in walkIndex.order {
            let record = store.records[Int(index)]
            visit(Element(store: store, index: Int(index)), Ancestors(store: store, parent: record.parent, count: Int(record.depth)))
        }
    }

    /// Visits the elements of these kinds, in the same order as `walk`.
    /// Most rules look at a few kinds; this visits only those.
    public func walk(_ kinds: ElementKind..., visit: (Element, Ancestors) -> Void) {
        let store = store
        let order = walkIndex.order
        for position in walkIndex.positions(of: kinds) {
            let index = order[Int(position)]
            let record = store.records[Int(index)]
            visit(Element(store: store, index: Int(index)), Ancestors(store: store, parent: record.parent, count: Int(record.depth)))
        }
    }

    /// Visits, in walk order, the elements whose stored record passes
    /// `include` — a test on kind, origin or counts made before any handle
    /// is: for questions about a few elements among all (spliced ones, empty ones).
    func walk(matching include: (ElementRecord) -> Bool, _ visit: (Element, Ancestors) -> Void) {
        let store = store
        for index in walkIndex.order {
            let record = store.records[Int(index)]
            guard include(record) else { continue }
            visit(Element(store: store, index: Int(index)), Ancestors(store: store, parent: record.parent, count: Int(record.depth)))
        }
    }

    /// All elements, depth-first, that satisfy `predicate`.
    public func elements(where predicate: (Element) -> Bool) -> [Element] {
        var result: [Element] = []
        walk { element, _ in if predicate(element) { result.append(element) } }
        return result
    }

    /// The elements of these kinds, in walk order.
    public func elements(_ kinds: ElementKind...) -> [Element] {
        let order = walkIndex.order
        return walkIndex.positions(of: kinds).map { Element(store: store, index: Int(order[Int($0)])) }
    }
}
