import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// Today's findings, recorded so that only new ones are reported later.
///
/// Findings are matched by rule, file and element path — not by line — so
/// edits elsewhere in a file don't turn old findings into new ones. A
/// finding without an element path matches on its message instead.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Hashable, Sendable, Comparable {
        public var rule: String
        public var file: String
        public var element: String

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule, lhs.element) < (rhs.file, rhs.rule, rhs.element)
        }
    }

    public var entries: [Entry]

    public init(_ diagnostics: [Diagnostic], files: (FileID) -> SourceFile?) {
        // Sorted where they are: a baseline can hold hundreds of thousands.
        entries = diagnostics.map { Baseline.entry(for: $0, files: files) }
        entries.sort()
    }

    public init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    static func entry(for diagnostic: Diagnostic, files: (FileID) -> SourceFile?) -> Entry {
        Entry(rule: diagnostic.id, file: files(diagnostic.span.file)?.displayPath ?? "",
              element: diagnostic.elementPath ?? "message: " + diagnostic.message)
    }

    /// The diagnostics the baseline does not account for. Each entry
    /// absorbs one finding, so a second identical finding is new.
    public func newFindings(_ diagnostics: [Diagnostic], files: (FileID) -> SourceFile?) -> [Diagnostic] {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        return diagnostics.filter { diagnostic in
            let entry = Baseline.entry(for: diagnostic, files: files)
            guard let count = remaining[entry], count > 0 else { return true }
            remaining[entry] = count - 1
            return false
        }
    }

    public func render() -> String {
        var bytes: [UInt8] = []
        write { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file `render()` makes, handed to `sink` in pieces an entry at a
    /// time: a baseline of hundreds of thousands of findings is never held
    /// as one tree or one string.
    public func write(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var document = JSONDocumentStream(to: sink)
            document.object { document in
                document.key("version")
                document.value(.int(1))
                document.key("findings")
                document.array { document in
                    for entry in entries {
                        document.element()
                        document.value(.object([("rule", .string(entry.rule)), ("file", .string(entry.file)), ("element", .string(entry.element))]))
                    }
                }
            }
            document.finish()
        }
    }

    public static func load(path: String) -> Result<Baseline, ProjectConfiguration.Failure> {
        func fail(_ message: String) -> Result<Baseline, ProjectConfiguration.Failure> { .failure(.init(path: path, message: message)) }
        let bytes: [UInt8]
        switch FileSystem.contents(atPath: path) {
        case .success(let read): bytes = read
        case .failure(let failure): return fail("cannot read the baseline file: \(failure.reason)")
        }
        guard let root = try? JSON.parse(bytes), root["version"]?.int == 1,
              let findings = root["findings"]?.array, findings.allSatisfy({ $0.object != nil }) else {
            return fail("not a menuc baseline (expected {\"version\": 1, \"findings\": [...]}); write one with --write-baseline")
        }
        var entries: [Entry] = []
        for (index, finding) in findings.enumerated() {
            guard let rule = finding["rule"]?.string, let file = finding["file"]?.string, let element = finding["element"]?.string else {
                return fail("finding \(index + 1) needs string keys rule, file and element")
            }
            entries.append(Entry(rule: rule, file: file, element: element))
        }
        return .success(Baseline(entries: entries))
    }
}
