import MenuSupport
import MenuSyntax
import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// Plugs `menuc fmt`'s formatter into the language server: formatting in
/// the editor gives exactly what `menuc fmt` writes (the canonical layout
/// ignores the editor's tab settings, as `menuc fmt` does).
public struct MenuFormatterAdapter: DocumentFormatting {
    public var options: MenuFormatter.Options

    public init(options: MenuFormatter.Options = MenuFormatter.Options()) {
        self.options = options
    }

    public func format(_ file: SourceFile) -> Result<String, FormattingFailure> {
        MenuFormatter.format(file, options: options).mapError { FormattingFailure(diagnostics: $0.diagnostics) }
    }
}
