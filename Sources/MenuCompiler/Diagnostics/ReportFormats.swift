import MenuSupport
import MenuSyntax
import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// CI-facing report formats: SARIF 2.1.0 (code-scanning tools) and GitHub
/// Actions workflow commands. Both are rendered from the same diagnostic
/// values as every other format.
extension DiagnosticRenderer {
    // MARK: - SARIF

    public func sarif(_ diagnostics: [Diagnostic]) -> String {
        let rules = RuleDocumentation.allIDs
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let results: [JSONValue] = diagnostics.map { diagnostic in
            var result: [(String, JSONValue)] = [
                ("ruleId", .string(diagnostic.id)),
            ]
            if let ruleIndex = index[diagnostic.id] { result.append(("ruleIndex", .int(ruleIndex))) }
            result.append(("level", .string(diagnostic.severity.rawValue)))
            var message = diagnostic.message
            if let help = diagnostic.help { message += " (\(help))" }
            result.append(("message", .object([("text", .string(message))])))
            result.append(("locations", .array([sarifLocation(diagnostic.span, message: diagnostic.primary.label)])))
            if !diagnostic.secondary.isEmpty {
                result.append(("relatedLocations", .array(diagnostic.secondary.enumerated().map { offset, secondary in
                    var location = sarifLocation(secondary.span, message: secondary.label)
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
                                ("artifactLocation", .object([("uri", .string(uri(file)))])),
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
        let document: JSONValue = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("menuc")),
                    ("version", .string(MenucVersion.current)),
                    ("informationUri", .string("https://developer.apple.com/design/human-interface-guidelines/")),
                    ("rules", .array(rules.map(sarifRule))),
                ]))])),
                ("columnKind", .string("utf16CodeUnits")),
                ("results", .array(results)),
            ])])),
        ])
        return document.render()
    }

    private func sarifRule(_ id: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id)), ("name", .string(RuleDocumentation.camelName(id)))]
        if let descriptor = RuleRegistry.descriptor(id) {
            members += [
                ("shortDescription", .object([("text", .string(descriptor.summary))])),
                ("fullDescription", .object([("text", .string(descriptor.explanation))])),
                ("helpUri", .string(descriptor.guideline.url)),
                ("help", .object([("text", .string("\(descriptor.explanation)\n\nGuideline: \(descriptor.guideline.section) — “\(descriptor.quote)”"))])),
                ("defaultConfiguration", .object([("level", .string(descriptor.severity.rawValue))])),
                ("properties", .object([("tags", .array([.string("guideline"), .string(descriptor.guideline.section)]))])),
            ]
        } else {
            let text = RuleDocumentation.explain(id) ?? id
            members += [
                ("shortDescription", .object([("text", .string(text.split(separator: "\n").dropFirst(2).first.map(String.init) ?? id))])),
                ("fullDescription", .object([("text", .string(text))])),
                ("helpUri", .string("https://developer.apple.com/design/human-interface-guidelines/menus")),
                ("defaultConfiguration", .object([("level", .string(id == RuleEngine.unusedAllowID ? "warning" : "error"))])),
                ("properties", .object([("tags", .array([.string(id == RuleEngine.unusedAllowID ? "suppression" : "language")]))])),
            ]
        }
        return .object(members)
    }

    private func uri(_ file: FileID) -> String {
        let path = files(file)?.displayPath ?? ""
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

    private func sarifLocation(_ span: Span, message: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("physicalLocation", .object([("artifactLocation", .object([("uri", .string(uri(span.file)))])), ("region", region(span))])),
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
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
