import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// Where references are looked for: the files of a project (find
/// references, rename) or one document (highlights), with the symbol index
/// that resolves names across them.
struct ReferenceSearch {
    let symbols: SymbolIndex
    /// The document the cursor is in, as this index numbers it.
    let file: FileID
    /// The files whose references are collected, in order.
    let files: [FileID]
    let location: (Span) -> LSPLocation?

    /// Every file of the project (open documents, what they import, the workspace folders' files).
    init?(project: ProjectIndex, document: DocumentContext) {
        guard let file = project.file(matching: document) else { return nil }
        symbols = project.symbols
        self.file = file
        files = project.workspace.files.indices.map(FileID.init)
        location = project.location(of:)
    }

    /// The document alone: what is written in it.
    init(document: DocumentContext) {
        symbols = document.symbols
        file = document.file
        files = [document.file]
        location = document.analysis.location(of:)
    }
}

/// A name at a position — a top-level declaration, an element's identifier
/// or a pop-up option — and every place it is written. Find references,
/// document highlights and rename all ask this one finder, so what one
/// shows is what another changes.
struct NameOccurrences {
    enum Subject: Equatable {
        /// A top-level declaration, which `use`, `menu:` and `opens:` name from any file that sees it.
        case declaration(DeclarationRef)
        /// A pop-up's option, which the pop-up's `default:` names.
        case option
        /// Any other element: its identifier names it in paths and generated code only.
        case element
    }

    var subject: Subject
    var kind: ElementKind
    /// The identifier, as the compiler gives it.
    var name: String
    var source: IdentifierSource
    /// Where the identifier is written; nil when it is derived or synthetic.
    var written: LSPLocation?
    /// Just after the element's keyword: where a written identifier goes.
    var afterKeyword: LSPLocation
    /// Where the element is named for people: its written identifier, else its label, else its keyword.
    var definition: LSPLocation
    /// Every name that refers to it, in file order.
    var references: [LSPLocation]
    /// The name under the cursor.
    var cursor: LSPLocation

    /// Why nothing was found (said to the client by rename).
    struct NotFound: Error {
        var message: String
    }

    static func find(_ document: DocumentContext, at offset: Int, in search: ReferenceSearch) -> Result<NameOccurrences, NotFound> {
        let symbols = search.symbols
        if let reference = symbols.reference(at: offset, in: search.file) {
            guard let target = reference.target else {
                return .failure(NotFound(message: "'\(shown(reference.name.text))' names no declaration, so there is nothing to rename"))
            }
            return declaration(target, cursor: reference.name.span, in: search)
        }
        switch SyntaxNavigator(syntax: document.syntax).node(at: offset) {
        case .elementHeader(let frame, let part, let ancestors)?:
            let cursor = part == .keyword ? (frame.syntax.name?.span ?? frame.syntax.label?.span ?? frame.syntax.keyword) : partSpan(frame.syntax, part)
            if ancestors.isEmpty {
                guard let index = document.syntax.elements.firstIndex(where: { $0.keyword == frame.syntax.keyword }) else { break }
                // The search may number the document's file otherwise; its bytes, and so the offsets, are the same.
                let inSearch = Span(file: search.file, start: cursor.start, end: cursor.end)
                return declaration(DeclarationRef(file: search.file, index: index), cursor: inSearch, in: search)
            }
            return element(frame, popup: frame.kind == .option ? ancestors.last { $0.kind == .popup } : nil, cursor: cursor, in: document)
        case .propertyValue(let property, let owner)? where property.name.text == "default" && owner.kind == .popup:
            guard case .identifier(let name) = property.value else { break }
            guard let popup = document.checked?.element(withKeyword: owner.syntax.keyword),
                  let option = Resolver.options(in: popup.children).first(where: { $0.id == name.text && !$0.isSpliced }) else {
                return .failure(NotFound(message: "'\(shown(name.text))' names no option of this pop-up, so there is nothing to rename"))
            }
            let frame = ElementFrame(syntax: option.syntax, context: .control)
            return element(frame, popup: owner, cursor: name.span, in: document)
        default:
            break
        }
        return .failure(NotFound(message: "there is no identifier here to rename: put the cursor on an element's name or label, or on a name after 'use', 'menu:', 'opens:' or 'default:'"))
    }

    private static func partSpan(_ syntax: ElementSyntax, _ part: SyntaxNode.HeaderPart) -> Span {
        switch part {
        case .keyword: syntax.keyword
        case .name: syntax.name?.span ?? syntax.keyword
        case .label: syntax.label?.span ?? syntax.keyword
        }
    }

    private static func declaration(_ target: DeclarationRef, cursor: Span, in search: ReferenceSearch) -> Result<NameOccurrences, NotFound> {
        let symbols = search.symbols
        guard let syntax = symbols.syntax(of: target), let assigned = symbols.assigned(target), let focus = symbols.focusSpan(of: target),
              let definition = search.location(focus), let cursorLocation = search.location(cursor) else {
            return .failure(NotFound(message: "the declaration could not be found"))
        }
        var references: [LSPLocation] = []
        for file in search.files {
            for reference in symbols.references(in: file) where reference.target == target {
                if let location = search.location(reference.name.span) { references.append(location) }
            }
        }
        let keyword = syntax.keyword
        guard let afterKeyword = search.location(Span(file: keyword.file, start: keyword.end, end: keyword.end)) else {
            return .failure(NotFound(message: "the declaration could not be found"))
        }
        return .success(NameOccurrences(subject: .declaration(target), kind: syntax.kind, name: assigned.id, source: assigned.source,
                                        written: syntax.name.flatMap { search.location($0.span) }, afterKeyword: afterKeyword,
                                        definition: definition, references: references, cursor: cursorLocation))
    }

    private static func element(_ frame: ElementFrame, popup: ElementFrame?, cursor: Span, in document: DocumentContext) -> Result<NameOccurrences, NotFound> {
        guard let element = document.checked?.element(withKeyword: frame.syntax.keyword) else {
            return .failure(NotFound(message: "this element's identifier is unknown while the file has errors around it"))
        }
        let analysis = document.analysis
        var references: [LSPLocation] = []
        if let popupFrame = popup, let popupElement = document.checked?.element(withKeyword: popupFrame.syntax.keyword),
           let property = popupElement.property("default"), property.value.name == element.id, let span = property.valueSpan,
           let location = analysis.location(of: span) {
            references.append(location)
        }
        let keyword = element.keywordSpan
        guard let definition = analysis.location(of: element.idSpan), let cursorLocation = analysis.location(of: cursor),
              let afterKeyword = analysis.location(of: Span(file: keyword.file, start: keyword.end, end: keyword.end)) else {
            return .failure(NotFound(message: "the element could not be found"))
        }
        return .success(NameOccurrences(subject: popup == nil ? .element : .option, kind: element.kind, name: element.id, source: element.idSource,
                                        written: element.nameSpan.flatMap(analysis.location(of:)), afterKeyword: afterKeyword,
                                        definition: definition, references: references, cursor: cursorLocation))
    }

    /// A name from the file, as a message shows it: escaped, and cut short.
    static func shown(_ text: String) -> String {
        let limit = 60
        let escaped = VisibleText.escaped(String(text.prefix(limit)))
        return text.count > limit ? escaped + "…" : escaped
    }
}
