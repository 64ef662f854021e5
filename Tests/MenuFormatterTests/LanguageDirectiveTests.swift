import Testing
import FormatterTestSupport

/// `language de` as `menuc fmt` writes it; how it is parsed and which
/// rules it turns off is `LanguageDirectiveTests` of MenuSyntaxTests and
/// MenuRulesTests.
@Suite("language directive")
struct LanguageDirectiveTests {
    @Test func theFormatterKeepsTheDirective() {
        #expect(FormatterProbe.format("language   de\nmenu A \"A\" {}\n") == "language de\n\nmenu A \"A\" {}\n")
    }
}
