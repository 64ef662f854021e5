import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// `textDocument/codeAction`: every fix-it of the diagnostics in the range
/// as a quick fix; for guideline findings, "allow this rule here", which
/// adds `@allow(rule-id)` to the innermost element covering the finding;
/// and, when several fixes are available, one action applying all of them.
/// Clients without `codeActionLiteralSupport` get the same actions as
/// commands (`ApplyFixCommand`), or none if they can't apply edits either.
enum CodeActionsFeature {
    static let quickFix = "quickfix"
    static let fixAll = "source.fixAll"

    static func actions(_ document: DocumentContext, version: Int = 0, range: LSPRange, only: [String]?, capabilities: ClientCapabilities) -> JSON {
        let literals = literalActions(document, range: range, only: only, capabilities: capabilities)
        if capabilities.codeActionLiterals { return .array(literals) }
        guard capabilities.applyEdit else { return [] }
        return .array(literals.compactMap { ApplyFixCommand.command(for: $0, uri: document.uri, version: version) })
    }

    private static func literalActions(_ document: DocumentContext, range: LSPRange, only: [String]?, capabilities: ClientCapabilities) -> [JSON] {
        let wanted = { (kind: String) in only.map { kinds in kinds.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true }
        let selection = document.source.byteRange(of: range)
        let diagnostics = document.analysis.diagnostics(in: document.file)
        var actions: [JSON] = []
        for diagnostic in diagnostics where overlaps(diagnostic.span, selection) {
            let converted = DiagnosticsFeature.convert(diagnostic, in: document.analysis, capabilities: capabilities)
            if wanted(quickFix) {
                for fixIt in diagnostic.fixIts {
                    guard let edit = workspaceEdit(fixIt.edits, in: document.analysis) else { continue }
                    actions.append(action(title: sentence(fixIt.message), kind: quickFix, diagnostic: converted, edit: edit,
                                          preferred: diagnostic.fixIts.count == 1))
                }
                if let allow = allowEdit(for: diagnostic, in: document), let edit = workspaceEdit([allow.edit], in: document.analysis) {
                    actions.append(action(title: allow.title, kind: quickFix, diagnostic: converted, edit: edit, preferred: false))
                }
            }
        }
        if wanted(fixAll), let all = fixAllAction(document, diagnostics: diagnostics) { actions.append(all) }
        return actions
    }

    private static func action(title: String, kind: String, diagnostic: JSON, edit: JSON, preferred: Bool) -> JSON {
        var json: [String: JSON] = ["title": .string(title), "kind": .string(kind), "diagnostics": [diagnostic], "edit": edit]
        if preferred { json["isPreferred"] = true }
        return .object(json)
    }

    /// The selection touches the diagnostic (an empty selection at its edge counts).
    private static func overlaps(_ span: Span, _ range: Range<Int>) -> Bool {
        span.start <= range.upperBound && range.lowerBound <= span.end
    }

    private static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        return first.uppercased() + message.dropFirst()
    }

    /// `{"changes": {uri: [edits]}}`; nil if an edit lands in a file without a URI.
    static func workspaceEdit(_ edits: [TextEdit], in analysis: Analysis) -> JSON? {
        var changes: [String: [JSON]] = [:]
        for edit in edits {
            guard let uri = analysis.uri(for: edit.span.file) else { return nil }
            let range = analysis.source(edit.span.file).lspRange(of: edit.span)
            changes[uri, default: []].append(LSPTextEdit(range: range, newText: edit.replacement).json)
        }
        return ["changes": .object(changes.mapValues(JSON.array))]
    }

    // MARK: - Allow

    struct AllowInsertion {
        var title: String
        var edit: TextEdit
    }

    /// The edit adding `@allow(id)` where it silences this finding: on the
    /// innermost element whose text covers the finding, as the rule engine
    /// decides. Language errors and `unused-allow` cannot be allowed away.
    static func allowEdit(for diagnostic: Diagnostic, in document: DocumentContext) -> AllowInsertion? {
        guard diagnostic.span.file == document.file, RuleRegistry.descriptor(diagnostic.id) != nil,
              let element = SyntaxNavigator(syntax: document.syntax).innermostElement(covering: diagnostic.span) else { return nil }
        let id = diagnostic.id
        let file = document.source
        let name = element.name?.text ?? element.label.map { "'\($0.value)'" } ?? element.kind.rawValue
        let title = "Allow '\(id)' on \(element.kind.rawValue) \(name)"
        if element.attributes.contains(where: { attribute in attribute.ruleIDs.contains { $0.text == id } }) { return nil }
        if let last = element.attributes.last {
            // Add to the existing attribute: `@allow(a)` → `@allow(a, id)`.
            let close = last.span.end - 1
            return AllowInsertion(title: title, edit: TextEdit(span: Span(file: file.id, start: close, end: close), replacement: ", \(id)"))
        }
        let start = element.keyword.start
        let line = file.lineIndex(of: start)
        let lineStart = file.lineStarts[line]
        let leading = file.bytes[lineStart..<start]
        if leading.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            // The element starts its line: the attribute goes on its own line above, indented alike.
            let indent = String(decoding: leading, as: UTF8.self)
            return AllowInsertion(title: title, edit: TextEdit(span: Span(file: file.id, start: lineStart, end: lineStart),
                                                               replacement: "\(indent)@allow(\(id))\n"))
        }
        return AllowInsertion(title: title, edit: TextEdit(span: Span(file: file.id, start: start, end: start), replacement: "@allow(\(id)) "))
    }

    // MARK: - Fix all

    /// Every fix-it of the file applied at once (non-overlapping ones, as
    /// `FixApplier` decides), offered when there are at least two.
    private static func fixAllAction(_ document: DocumentContext, diagnostics: [Diagnostic]) -> JSON? {
        let fixIts = diagnostics.compactMap { diagnostic -> FixIt? in
            guard diagnostic.fixIts.count == 1, let fixIt = diagnostic.fixIts.first,
                  fixIt.edits.allSatisfy({ $0.span.file == document.file }) else { return nil }
            return fixIt
        }
        guard fixIts.count >= 2 else { return nil }
        let result = FixApplier.apply(fixIts, to: document.source.bytes, file: document.file)
        guard result.applied >= 2, let edit = FormattingFeature.minimalEdit(from: document.source, to: result.bytes) else { return nil }
        return [
            "title": .string("Apply all \(result.applied) fixes"),
            "kind": .string(fixAll),
            "edit": ["changes": [document.uri: [edit.json]]],
        ]
    }
}
