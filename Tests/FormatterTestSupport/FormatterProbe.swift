import MenuFormatter
import Testing

/// `menuc fmt` on a text, for the formatter's tests and the tests that
/// format on the way.
public enum FormatterProbe {
    /// The formatted text; records a failure (and returns the input) when
    /// the formatter refuses.
    public static func format(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        switch MenuFormatter.format(text) {
        case .success(let formatted): return formatted
        case .failure(let failure):
            Issue.record("not formatted: \(failure.diagnostics.map(\.message))", sourceLocation: sourceLocation)
            return text
        }
    }
}
