import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// Turns compiler diagnostics into `textDocument/publishDiagnostics`.
///
/// The rule or error id is the `code`; guideline rules link to the
/// guideline page (`codeDescription`); secondary spans become related
/// locations; an unused `@allow` is tagged `Unnecessary` so editors fade it.
enum DiagnosticsFeature {
    static let source = "menuc"

    /// The notification publishing one document's diagnostics.
    static func publish(_ document: DocumentContext, version: Int?, capabilities: ClientCapabilities) -> JSON {
        let items = document.analysis.diagnostics(in: document.file).map {
            convert($0, in: document.analysis, capabilities: capabilities)
        }
        var params: [String: JSON] = ["uri": .string(document.uri), "diagnostics": .array(items)]
        if let version, capabilities.versionedDiagnostics { params["version"] = .int(version) }
        return notification("textDocument/publishDiagnostics", .object(params))
    }

    /// Empty diagnostics: what a closed document is left with.
    static func clear(uri: String) -> JSON {
        notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
    }

    static func convert(_ diagnostic: Diagnostic, in analysis: Analysis, capabilities: ClientCapabilities) -> JSON {
        let source = analysis.source(diagnostic.span.file)
        var message = diagnostic.message
        for note in diagnostic.notes { message += "\nnote: \(note)" }
        if let help = diagnostic.help { message += "\nhelp: \(help)" }
        var json: [String: JSON] = [
            "range": source.lspRange(of: diagnostic.span).json,
            "severity": .int(severity(diagnostic.severity)),
            "code": .string(diagnostic.id),
            "source": .string(DiagnosticsFeature.source),
            "message": .string(message),
        ]
        if capabilities.codeDescription, let guideline = diagnostic.guideline {
            json["codeDescription"] = ["href": .string(guideline.url)]
        }
        if capabilities.relatedInformation {
            let related = diagnostic.secondary.compactMap { secondary -> JSON? in
                guard let location = analysis.location(of: secondary.span) else { return nil }
                return ["location": location.json, "message": .string(secondary.label.isEmpty ? "related" : secondary.label)]
            }
            if !related.isEmpty { json["relatedInformation"] = .array(related) }
        }
        if capabilities.unnecessaryTag, diagnostic.isUnnecessary { json["tags"] = [1] }
        return .object(json)
    }

    /// Protocol severities: 1 error, 2 warning, 3 information, 4 hint.
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }
}

func notification(_ method: String, _ params: JSON) -> JSON {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
}
