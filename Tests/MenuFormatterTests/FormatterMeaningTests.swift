import Foundation
import Testing
@testable import MenuSyntax
@testable import MenuFormatter
import MenuTestSupport

/// `menuc fmt` keeps what a file means (`FormatterMeaningTests` of
/// MenuCompilerTests compiles both sides); here, that every sample is
/// already in the layout it writes.
struct FormatterMeaningTests {
    /// The samples that must be formatted: all but the error and guideline
    /// examples (which show problems, and may be laid out to show them).
    static let formattedSamples: [String] = TestSupport.menuFiles(under: TestSupport.samples).filter {
        !$0.hasPrefix("errors/") && !$0.hasPrefix("guidelines/")
    }

    @Test("every sample is already formatted", arguments: formattedSamples)
    func sampleIsFormatted(_ relative: String) throws {
        let data = try Data(contentsOf: TestSupport.samples.appendingPathComponent(relative))
        let formatted = try MenuFormatter.format(SourceFile(id: FileID(0), displayPath: relative, absolutePath: "", bytes: [UInt8](data))).get()
        #expect(formatted == String(decoding: data, as: UTF8.self), "run: menuc fmt samples/\(relative)")
    }
}
