import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// CI-facing report formats: SARIF 2.1.0 (code-scanning tools) and GitHub
/// Actions workflow commands. Both are rendered from the same diagnostic
/// values as every other format.
extension DiagnosticRenderer {
    // MARK: - SARIF

    /// The base every artifact URI is relative to, as SARIF consumers
    /// (GitHub code scanning) resolve them: the project root.
    static let rootBaseID = "PROJECTROOT"

    /// A log of `diagnostics`; `failure` (an input that could not be read,
    /// a bad option) makes it a log of a run that did not succeed, still
    /// valid, with the failure as its notification. `root` is the project
    /// root URIs are relative to (by default that of the first file).
    public func sarif(_ diagnostics: [Diagnostic], failure: String? = nil, root: String? = nil) -> String {
        var bytes: [UInt8] = []
        writeSARIF(diagnostics, failure: failure, root: root) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The log of `sarif(_:failure:root:)` handed to `sink` in pieces, a
    /// result at a time: a file of hundreds of thousands of findings has a
    /// log of hundreds of megabytes, which is never held whole.
    public func writeSARIF(_ diagnostics: [Diagnostic], failure: String? = nil, root: String? = nil,
                           to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        let rules = RuleDocumentation.allIDs
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let base = root ?? sarifRoot(diagnostics)
        // How many results so far had each fingerprint key, by the key's
        // 64-bit hash: the keys themselves (rule, path, element) would be a
        // string kept per finding.
        var seen: [UInt64: Int] = [:]
        func sarifResult(_ diagnostic: Diagnostic) -> JSONValue {
            var result: [(String, JSONValue)] = [
                ("ruleId", .string(diagnostic.id)),
            ]
            if let ruleIndex = index[diagnostic.id] { result.append(("ruleIndex", .int(ruleIndex))) }
            result.append(("level", .string(diagnostic.severity.rawValue)))
            var message = diagnostic.message
            if let help = diagnostic.help { message += " (\(help))" }
            result.append(("message", .object([("text", .string(message))])))
            result.append(("locations", .array([sarifLocation(diagnostic.span, message: diagnostic.primary.label, base: base)])))
            // Stable across edits elsewhere in the file (no line numbers):
            // rule, file, element (or message), and which of equal ones.
            let key = [diagnostic.id, artifactPath(diagnostic.span.file, base: base).uri, diagnostic.elementPath ?? diagnostic.message].joined(separator: "\u{0}")
            let keyHash = Self.fnv1a(key)
            let occurrence = seen[keyHash, default: 0]
            seen[keyHash] = occurrence + 1
            result.append(("partialFingerprints", .object([("menuc/v1", .string(Self.fingerprint(key + "\u{0}\(occurrence)")))])))
            if !diagnostic.secondary.isEmpty {
                result.append(("relatedLocations", .array(diagnostic.secondary.enumerated().map { offset, secondary in
                    var location = sarifLocation(secondary.span, message: secondary.label, base: base)
                    if case .object(var members) = location {
                        members.insert(("id", .int(offset + 1)), at: 0)
                        location = .object(members)
                    }
                    return location
                })))
            }
            if !diagnostic.fixIts.isEmpty {
                result.append(("fixes", .array(diagnostic.fixIts.map { fixIt in
                    let byFile = Dictionary(grouping: fixIt.edits, by: \.span.file)
                    return .object([
                        ("description", .object([("text", .string(fixIt.message))])),
                        ("artifactChanges", .array(byFile.keys.sorted { $0.rawValue < $1.rawValue }.map { file in
                            .object([
                                ("artifactLocation", artifactLocation(file, base: base)),
                                ("replacements", .array((byFile[file] ?? []).map { edit in
                                    .object([("deletedRegion", region(edit.span)), ("insertedContent", .object([("text", .string(edit.replacement))]))])
                                })),
                            ])
                        })),
                    ])
                })))
            }
            var properties: [(String, JSONValue)] = []
            if let guideline = diagnostic.guideline {
                properties.append(("guideline", .string(guideline.section)))
                properties.append(("guidelineURL", .string(guideline.url)))
            }
            if let path = diagnostic.elementPath { properties.append(("elementPath", .string(path))) }
            if !properties.isEmpty { result.append(("properties", .object(properties))) }
            return .object(result)
        }
        var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(failure == nil))]
        if let failure {
            invocation.append(("toolExecutionNotifications", .array([.object([
                ("level", .string("error")), ("message", .object([("text", .string(failure))])),
            ])])))
        }
        var run: [(String, JSONValue)] = [
            ("tool", .object([("driver", .object([
                ("name", .string("menuc")),
                ("version", .string(MenucVersion.current)),
                ("informationUri", .string(ProjectHome.repository)),
                ("rules", .array(rules.map(sarifRule))),
            ]))])),
            ("invocations", .array([.object(invocation)])),
        ]
        if let base {
            run.append(("originalUriBaseIds", .object([(Self.rootBaseID, .object([("uri", .string(Self.fileURI(directory: base)))]))])))
        }
        run.append(("columnKind", .string("utf16CodeUnits")))
        var document = JSONDocumentStream(to: sink)
        document.object { document in
            document.key("$schema")
            document.value(.string("https://json.schemastore.org/sarif-2.1.0.json"))
            document.key("version")
            document.value(.string("2.1.0"))
            document.key("runs")
            document.array { document in
                document.element()
                document.object { document in
                    for (key, value) in run {
                        document.key(key)
                        document.value(value)
                    }
                    document.key("results")
                    document.array { document in
                        for diagnostic in diagnostics {
                            document.element()
                            document.value(sarifResult(diagnostic))
                        }
                    }
                }
            }
        }
        document.finish()
    }

    /// The project root of the first file that has a path (none for standard input alone).
    private func sarifRoot(_ diagnostics: [Diagnostic]) -> String? {
        for diagnostic in diagnostics {
            if let file = files(diagnostic.span.file), !file.absolutePath.isEmpty {
                return Workspace.projectRoot(containing: file.absolutePath)
            }
        }
        return nil
    }

    /// 64-bit FNV-1a of the text, in hex: short, and the same on every machine.
    static func fingerprint(_ text: String) -> String {
        let digits = String(fnv1a(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `file:///path/to/root/`, percent-encoded.
    static func fileURI(directory: String) -> String {
        let path = directory.hasSuffix("/") ? directory : directory + "/"
        return "file://" + percentEncoded(path)
    }

    private func artifactPath(_ file: FileID, base: String?) -> (uri: String, isRelative: Bool) {
        guard let source = files(file) else { return ("", false) }
        if let base, !source.absolutePath.isEmpty {
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if source.absolutePath.hasPrefix(prefix) {
                return (Self.percentEncoded(String(source.absolutePath.dropFirst(prefix.count))), true)
            }
            return ("file://" + Self.percentEncoded(source.absolutePath), false)
        }
        return (Self.percentEncoded(source.displayPath), false)
    }

    private func artifactLocation(_ file: FileID, base: String?) -> JSONValue {
        let path = artifactPath(file, base: base)
        var members: [(String, JSONValue)] = [("uri", .string(path.uri))]
        if path.isRelative { members.append(("uriBaseId", .string(Self.rootBaseID))) }
        return .object(members)
    }

    private func sarifRule(_ id: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id)), ("name", .string(RuleDocumentation.camelName(id)))]
        if let descriptor = RuleRegistry.descriptor(id) {
            var markdown = "\(descriptor.explanation)\n\n**Guideline:** [\(descriptor.guideline.section)](\(descriptor.guideline.url))\n\n> \(descriptor.quote)\n"
            if let example = descriptor.examples.first(where: { $0.expectation == .triggers }) {
                markdown += "\n**Example:**\n\n```\n\(example.source)\n```\n"
                if let corrected = example.corrected { markdown += "\n**Fixed:**\n\n```\n\(corrected)\n```\n" }
            }
            members += [
                ("shortDescription", .object([("text", .string(descriptor.summary))])),
                ("fullDescription", .object([("text", .string(descriptor.explanation))])),
                ("helpUri", .string(ProjectHome.rulePage(id))),
                ("help", .object([
                    ("text", .string("\(descriptor.explanation)\n\nGuideline: \(descriptor.guideline.section) — “\(descriptor.quote)”")),
                    ("markdown", .string(markdown)),
                ])),
                ("defaultConfiguration", .object([("level", .string(descriptor.severity.rawValue))])),
                ("properties", .object([
                    ("tags", .array([.string("guideline"), .string(descriptor.guideline.section)])),
                    ("guidelineURL", .string(descriptor.guideline.url)),
                ])),
            ]
        } else {
            let explanation = Self.explanation(of: id)
            var markdown = explanation + "\n"
            if let example = DiagnosticCatalog.entry(id)?.example {
                let note = example.repetitionNote.map { " (\($0))" } ?? ""
                markdown += "\n**Example\(note):**\n\n```\n\(example.source)\n```\n\n**Fixed:**\n\n```\n\(example.fixed)\n```\n"
            }
            markdown += "\nRun `menuc explain \(id)` for more.\n"
            members += [
                ("shortDescription", .object([("text", .string(Self.firstSentence(of: explanation)))])),
                ("fullDescription", .object([("text", .string(explanation))])),
                ("helpUri", .string(ProjectHome.rulePage(id))),
                ("help", .object([
                    ("text", .string(explanation + "\n\nRun `menuc explain \(id)` for more.")),
                    ("markdown", .string(markdown)),
                ])),
                ("defaultConfiguration", .object([("level", .string(id == RuleEngine.unusedAllowID ? "warning" : "error"))])),
                ("properties", .object([("tags", .array([.string(id == RuleEngine.unusedAllowID ? "suppression" : "language")]))])),
            ]
        }
        return .object(members)
    }

    /// What a language error, unused-allow or a summary finding means, without `explain`'s heading.
    static func explanation(of id: String) -> String {
        if let entry = DiagnosticCatalog.entry(id) { return entry.explanation }
        return RuleRegistry.descriptor(id)?.explanation ?? id
    }

    static func firstSentence(of text: String) -> String {
        let characters = Array(text)
        for index in characters.indices.dropLast() where characters[index] == "." && characters[index + 1] == " " {
            return String(characters[...index])
        }
        return text
    }

    static func percentEncoded(_ path: String) -> String {
        var allowed = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "/", ".", "-", "_", "~": allowed.unicodeScalars.append(scalar)
            default: for byte in String(scalar).utf8 { allowed += "%" + String(byte, radix: 16, uppercase: true) }
            }
        }
        return allowed
    }

    private func region(_ span: Span) -> JSONValue {
        guard let file = files(span.file) else { return .null }
        let start = file.position(of: span.start)
        let end = file.position(of: span.end)
        return .object([
            ("startLine", .int(start.line)), ("startColumn", .int(start.utf16Column)),
            ("endLine", .int(end.line)), ("endColumn", .int(end.utf16Column)),
            ("byteOffset", .int(span.start)), ("byteLength", .int(span.length)),
        ])
    }

    private func sarifLocation(_ span: Span, message: String, base: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("physicalLocation", .object([("artifactLocation", artifactLocation(span.file, base: base)), ("region", region(span))])),
        ]
        if !message.isEmpty { members.append(("message", .object([("text", .string(message))]))) }
        return .object(members)
    }

    // MARK: - GitHub

    /// `::warning file=…,line=…,col=…,title=ID::message`, one per line.
    public func github(_ diagnostic: Diagnostic) -> String {
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        guard let file = files(diagnostic.span.file) else { return "" }
        let start = file.position(of: diagnostic.span.start)
        let end = file.position(of: diagnostic.span.end)
        // Texts are escaped visibly first (the log and the annotation are
        // read by people; an escape sequence would act in the log viewer),
        // then for the command itself: the lines joined here are the only
        // line breaks, and they are written %0A as GitHub reads them.
        var message = VisibleText.escaped(diagnostic.message)
        if let help = diagnostic.help { message += "\nhelp: \(VisibleText.escaped(help))" }
        if let guideline = diagnostic.guideline { message += "\nguideline: \(VisibleText.escaped(guideline.text))" }
        let properties = [
            "file=\(escapeProperty(file.displayPath))", "line=\(start.line)", "col=\(column(of: diagnostic.span.start, in: file, byteColumn: start.column))",
            "endLine=\(end.line)", "endColumn=\(end.column)", "title=\(escapeProperty(diagnostic.id))",
        ]
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// A workflow command's message, as GitHub's runner unescapes it.
    private func escapeData(_ text: String) -> String {
        text.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// A property value (file, title): visibly escaped, then as GitHub's
    /// runner unescapes properties (`:` and `,` end a property there).
    private func escapeProperty(_ text: String) -> String {
        escapeData(VisibleText.escaped(text)).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
