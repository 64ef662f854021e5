import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// Something `menuc import` could not carry over, or changed on the way,
/// where it is in the input: shown as `FILE:LINE: message`.
package struct ImportNote: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        /// The XIB or storyboard.
        case interfaceBuilder
        /// The `.strings` file or String Catalog.
        case translations
    }

    package var source: Source
    /// From 1; nil when the note is about the whole file.
    package var line: Int?
    /// Text from the input in it is escaped (`TextEscaping`).
    package var message: String

    package init(_ source: Source, line: Int?, _ message: String) {
        self.source = source
        self.line = line
        self.message = message
    }
}
