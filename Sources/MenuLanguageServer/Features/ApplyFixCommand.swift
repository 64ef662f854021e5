import MenuSupport
import MenuSyntax
import MenuCompiler

/// Code actions for clients that take only commands: a client that doesn't
/// declare `codeActionLiteralSupport` gets each fix as a `Command` running
/// `menuc.applyFix`, whose arguments carry the edit; executing it sends the
/// edit back as a `workspace/applyEdit` request, as the protocol has
/// servers apply edits. The document's version goes with the edit, so an
/// edit made for text that has changed since is refused, not misapplied.
enum ApplyFixCommand {
    static let command = "menuc.applyFix"

    /// The command standing for a code action literal (its title and edit).
    static func command(for action: JSON, uri: String, version: Int) -> JSON? {
        guard let title = action["title"]?.string, let edit = action["edit"] else { return nil }
        return ["title": .string(title), "command": .string(command),
                "arguments": [.string(uri), .int(version), .string(title), edit]]
    }

    /// What `workspace/executeCommand` of `menuc.applyFix` asks the client to do.
    struct Request {
        var label: String
        var edit: JSON
    }

    /// Checks the arguments `[uri, version, title, edit]` against the open
    /// documents: the edit may only touch documents the server knows, at
    /// the versions it made the edit for.
    static func request(arguments: JSON?, documents: [String: TextDocument]) throws -> Request {
        guard let values = arguments?.array, values.count == 4, let uri = values[0].string, let version = values[1].int,
              let label = values[2].string, let changes = values[3]["changes"]?.object else {
            throw ResponseError.invalidParams("\(command) takes four arguments: a document URI, its version, a title and a workspace edit")
        }
        guard let document = documents[uri] else {
            throw ResponseError.invalidParams("\(NameOccurrences.shown(uri)) is not open")
        }
        guard document.version == version else {
            throw ResponseError.invalidParams("the document changed since this fix was offered (version \(document.version), not \(version)); ask for code actions again")
        }
        for (target, edits) in changes {
            guard target == uri, let edits = edits.array,
                  edits.allSatisfy({ $0["newText"]?.string != nil && (try? LSPRange(json: $0["range"])) != nil }) else {
                throw ResponseError.invalidParams("\(command) applies text edits to the document it was offered for")
            }
        }
        return Request(label: label, edit: values[3])
    }
}
