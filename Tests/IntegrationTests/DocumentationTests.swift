import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
import MenuTestSupport

/// The grammar and the reference must agree with the implementation.
struct DocumentationTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Double-quoted terminals in the EBNF that are words.
    static func quotedWords(in text: String) -> Set<String> {
        var words = Set<String>()
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "\"") {
            let afterOpen = text.index(after: open)
            guard let close = text[afterOpen...].firstIndex(of: "\"") else { break }
            let word = String(text[afterOpen..<close])
            if !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isLetter }) { words.insert(word) }
            index = text.index(after: close)
        }
        return words
    }

    @Test func grammarKeywordsMatchTheLexer() throws {
        let grammar = try Self.read("grammar/menu.ebnf")
        // Comments may quote anything; only productions count.
        var withoutComments = ""
        var rest = Substring(grammar)
        while let start = rest.range(of: "(*") {
            withoutComments += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*)") else { rest = ""; break }
            rest = rest[end.upperBound...]
        }
        withoutComments += rest
        let words = Self.quotedWords(in: withoutComments)
        #expect(words == Keywords.all, "only in grammar: \(words.subtracting(Keywords.all).sorted()); only in lexer: \(Keywords.all.subtracting(words).sorted())")
    }

    @Test func referenceDocumentsEveryKindAndProperty() throws {
        let reference = try Self.read("docs/language.md")
        for kind in ElementKind.allCases {
            #expect(reference.contains("`\(kind.rawValue)`"), "docs/language.md does not mention `\(kind.rawValue)`")
        }
        for name in PropertyCatalog.allPropertyNames.sorted() {
            #expect(reference.contains("`\(name)"), "docs/language.md does not document the property `\(name)`")
        }
        for key in Shortcut.keyNames.sorted() where !key.hasPrefix("f") {
            #expect(reference.contains(key), "docs/language.md does not list the key \(key)")
        }
    }
}
