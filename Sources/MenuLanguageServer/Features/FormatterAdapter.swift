import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// Plugs `menuc fmt`'s formatter into the language server: formatting in
/// the editor gives exactly what `menuc fmt` writes (the canonical layout
/// ignores the editor's tab settings, as `menuc fmt` does).
package struct MenuFormatterAdapter: DocumentFormatting {
    package var options: MenuFormatter.Options

    package init(options: MenuFormatter.Options = MenuFormatter.Options()) {
        self.options = options
    }

    package func format(_ file: SourceFile) -> Result<String, FormattingFailure> {
        MenuFormatter.format(file, options: options).mapError { FormattingFailure(diagnostics: $0.diagnostics) }
    }
}
