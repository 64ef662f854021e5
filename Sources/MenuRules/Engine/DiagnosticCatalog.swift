import MenuSupport
import MenuSyntax

/// Every diagnostic id the compiler emits that is not a guideline rule —
/// the language's own errors, `unused-allow`, the `not-shown` summary and
/// the formatter's safety net — with what it means, an example that
/// triggers it and the example fixed. `menuc explain`, docs/rules.md and
/// SARIF's rule help are written from this one table, and the tests run
/// each example through `menuc check`: the triggering one must produce its
/// id, the fixed one must not. (Guideline rules carry theirs in their own
/// files under Catalog/.)
package struct DiagnosticEntry: Sendable {
    package enum Kind: Sendable {
        /// Always an error; `@allow` cannot silence it.
        case languageError
        /// A finding about the file's own suppressions.
        case suppression
        /// Stands for findings not shown; it is not a finding itself.
        case summary
        /// Produced only by a bug the safety net caught: it has no example.
        case safetyNet
    }

    package var id: String
    package var kind: Kind
    package var explanation: String
    package var example: DiagnosticExample?

    /// The heading's parenthesis in `menuc explain`.
    package var classification: String {
        switch kind {
        case .languageError: "language error, always an error"
        case .suppression: "warning"
        case .summary: "a summary, not a finding"
        case .safetyNet: "error of menuc fmt"
        }
    }
}

/// A source that produces the id, and the same source fixed.
package struct DiagnosticExample: Sendable {
    package var source: String
    package var fixed: String
    /// A line of both texts that stands for this many copies of itself: a
    /// limit's example would otherwise be pages long.
    package var repeatedLine: (line: String, times: Int)?

    package init(_ source: String, fixed: String, repeating line: String? = nil, times: Int = 1) {
        self.source = source
        self.fixed = fixed
        self.repeatedLine = line.map { ($0, times) }
    }

    /// `text` as the compiler is to read it: the repeated line written out.
    package func expanded(_ text: String) -> String {
        guard let (line, times) = repeatedLine else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { current in
            current == line ? Array(repeating: current, count: times) : [current]
        }.joined(separator: "\n")
    }

    /// What a reader is told about `repeatedLine`, if there is one.
    package var repetitionNote: String? {
        repeatedLine.map { "the line `\($0.line.trimmingSpaces)` written \($0.times) times" }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

package enum DiagnosticCatalog {
    /// The id of the formatter's safety net (`menuc fmt` leaves a file alone
    /// rather than change its meaning).
    package static let formatterFailureID = "format"

    package static func entry(_ id: String) -> DiagnosticEntry? {
        entries.first { $0.id == id }
    }

    package static func entry(_ id: LanguageErrorID) -> DiagnosticEntry {
        guard let entry = entry(id.rawValue) else { preconditionFailure("the catalog has no entry for \(id.rawValue)") }
        return entry
    }

    /// In the order docs/rules.md lists them: the language errors as
    /// `LanguageErrorID` declares them, then the others.
    package static let entries: [DiagnosticEntry] = LanguageErrorID.allCases.map(languageError) + [
        DiagnosticEntry(
            id: RuleEngine.unusedAllowID, kind: .suppression,
            explanation: "An `@allow(…)` that silences nothing: the rule never fires on that element, the id is not a rule, or it names a language error. Suppressions that no longer suppress anything hide future problems; remove them.",
            example: DiagnosticExample("""
                menu File "File" {
                  @allow(label-title-case)
                  item close "Close"
                }
                """, fixed: """
                menu File "File" {
                  item close "Close"
                }
                """)),
        DiagnosticEntry(
            id: DisplayLimit.notShownID, kind: .summary,
            explanation: "Text and short output, and the language server, show at most \(DiagnosticLimits.shownPerFile) diagnostics per file. This one stands for the rest of the file's: it says how many there are and points at the first of them, and its severity is the worst of theirs (so the exit status is what it would be with all of them shown). JSON, SARIF, GitHub annotations and baselines list every finding.",
            example: DiagnosticExample("""
                menu File "File" {
                  @allow(label-title-case)
                  item close "Close"
                }
                """, fixed: """
                menu File "File" {
                  item close "Close"
                }
                """, repeating: "  @allow(label-title-case)", times: DiagnosticLimits.shownPerFile + 1)),
        DiagnosticEntry(
            id: formatterFailureID, kind: .safetyNet,
            explanation: "`menuc fmt` checks its own output before writing it: the formatted file must parse without errors and differ from the original only in layout. When it would not, the file is left as it is and this error says why. No file should ever produce it; please report it as a bug in menuc fmt, with the file.",
            example: nil),
    ]

    private static func languageError(_ id: LanguageErrorID) -> DiagnosticEntry {
        DiagnosticEntry(id: id.rawValue, kind: .languageError, explanation: explanation(id), example: example(id))
    }

    private static func explanation(_ id: LanguageErrorID) -> String {
        switch id {
        case .syntax: "The text does not follow the grammar of the .menu language: a character, token or structure is not what the grammar allows at that point. The message says what was expected and what was found."
        case .unknownProperty: "A property name that the element kind does not take. The message suggests the closest valid property and, when the name belongs to other kinds, names them."
        case .invalidValue: "A property value of the wrong type (a string where a number is needed) or an enumeration value that does not exist. The message lists the allowed values."
        case .duplicateProperty: "The same property is set twice on one element; only one value can hold."
        case .duplicateID: "Two siblings end up with the same identifier, written or derived from their labels. Identifiers name elements in generated code, so they must be unique among siblings. Give one of them an explicit identifier."
        case .unknownReference: "A `use`, `menu:`, `default:` or `opens:` names something that is not declared. The message suggests the closest declared name."
        case .referenceCycle: "Menus that use each other through `use` or `menu:` would splice forever. The message names every step of the cycle."
        case .misplacedElement: "An element kind appears where it may not (an `option` outside a pop-up, a `menu` inside a menu, a second `menubar`)."
        case .invalidShortcut: "A keyboard shortcut that does not parse: unknown modifier or key, or a missing key. Write shortcuts as `cmd+shift+n` or `⌘⇧N`."
        case .importFailed: "An imported file is missing, unreadable, outside the project root, or imports form a cycle. Import paths are relative to the importing file."
        case .spliceTooLarge: "A `use` or `menu:` would go past what a group of files may splice. Each splice copies the menu with everything it splices itself, one level below the element that splices it, so menus that splice one another grow exponentially or nest as deep as their chain is long. The limits: no element nested more than 64 levels deep (as for written elements); copies of at most twice as many elements as the files write, or 100,000 when that is more; and copies costing at most 16 times the files' size in bytes, or 64 MiB, counting each copy's written text, identifier path and 64 bytes per level of nesting. The message names the chain of menus. Splice the large menu in fewer places, higher up, or with shorter identifiers and texts."
        case .nameClash: "Two elements of one scope would get the same path or the same name in generated Swift. Sections, toolbars and rows without an identifier don't separate names: their elements' paths and Swift handles are those of the menu or view around them, so that adding or removing a section moves nothing. Swift names are the identifiers in lowerCamelCase (handles) and with a capital first letter (the types of elements that hold others), so `Edit` and `edit` clash too. Names are never renumbered, which would change when the file changes; give one of the two another identifier."
        case .tooManyErrors: "A file has more language errors than menuc lists: the first \(DiagnosticLimits.errorsPerFile) by position are listed, and this one error, at the first of the rest, says how many more were found. It holds in every output format. Past a hundred errors a file is usually not a .menu file at all, or one mistake repeats; fix the errors listed and check again."
        }
    }

    private static func example(_ id: LanguageErrorID) -> DiagnosticExample {
        switch id {
        case .syntax:
            DiagnosticExample("""
                menu File "File" {
                  item newNote "New Note" { shortcut "cmd+n" }
                }
                """, fixed: """
                menu File "File" {
                  item newNote "New Note" { shortcut: "cmd+n" }
                }
                """)
        case .unknownProperty:
            DiagnosticExample("""
                menu Edit "Edit" {
                  item copy "Copy" { shortcuts: "cmd+c" }
                }
                """, fixed: """
                menu Edit "Edit" {
                  item copy "Copy" { shortcut: "cmd+c" }
                }
                """)
        case .invalidValue:
            DiagnosticExample("""
                menu Edit "Edit" {
                  item deleteAll "Delete All" { role: danger; confirm: "Delete everything?" }
                }
                """, fixed: """
                menu Edit "Edit" {
                  item deleteAll "Delete All" { role: destructive; confirm: "Delete everything?" }
                }
                """)
        case .duplicateProperty:
            DiagnosticExample("""
                menu Edit "Edit" {
                  item copy "Copy" { shortcut: "cmd+c"; shortcut: "cmd+shift+c" }
                }
                """, fixed: """
                menu Edit "Edit" {
                  item copy "Copy" { shortcut: "cmd+c" }
                }
                """)
        case .duplicateID:
            DiagnosticExample("""
                menu File "File" {
                  item "Export…" { input: true }
                  item export "Export as PDF…" { input: true }
                }
                """, fixed: """
                menu File "File" {
                  item "Export…" { input: true }
                  item exportAsPDF "Export as PDF…" { input: true }
                }
                """)
        case .unknownReference:
            DiagnosticExample("""
                menu Edit "Edit" {
                  item undo "Undo" { shortcut: "cmd+z" }
                }

                menubar {
                  use Edt
                }
                """, fixed: """
                menu Edit "Edit" {
                  item undo "Undo" { shortcut: "cmd+z" }
                }

                menubar {
                  use Edit
                }
                """)
        case .referenceCycle:
            DiagnosticExample("""
                menu Edit "Edit" {
                  item undo "Undo"
                  use Format
                }

                menu Format "Format" {
                  item bold "Bold"
                  use Edit
                }
                """, fixed: """
                menu Edit "Edit" {
                  item undo "Undo"
                  use Format
                }

                menu Format "Format" {
                  item bold "Bold"
                }
                """)
        case .misplacedElement:
            DiagnosticExample("""
                pulldown sort "Sort By" {
                  item name "Name" { state: on }
                  option kind "Kind"
                }
                """, fixed: """
                pulldown sort "Sort By" {
                  item name "Name" { state: on }
                  item kind "Kind" { state: off }
                }
                """)
        case .invalidShortcut:
            DiagnosticExample("""
                menu File "File" {
                  item newFolder "New Folder" { shortcut: "cmd+shift" }
                }
                """, fixed: """
                menu File "File" {
                  item newFolder "New Folder" { shortcut: "cmd+shift+n" }
                }
                """)
        case .importFailed:
            DiagnosticExample("""
                import "shared/no-such-file.menu"

                menu File "File" {
                  item close "Close"
                }
                """, fixed: """
                menu File "File" {
                  item close "Close"
                }
                """)
        case .spliceTooLarge:
            DiagnosticExample("""
                menu L0 "L0" { item a "A"; item b "B"; item c "C"; item d "D" }
                menu L1 "L1" { section a { use L0 }; section b { use L0 }; section c { use L0 }; section d { use L0 } }
                menu L2 "L2" { section a { use L1 }; section b { use L1 }; section c { use L1 }; section d { use L1 } }
                menu L3 "L3" { section a { use L2 }; section b { use L2 }; section c { use L2 }; section d { use L2 } }
                menu L4 "L4" { section a { use L3 }; section b { use L3 }; section c { use L3 }; section d { use L3 } }
                menu L5 "L5" { section a { use L4 }; section b { use L4 }; section c { use L4 }; section d { use L4 } }
                menu L6 "L6" { section a { use L5 }; section b { use L5 }; section c { use L5 }; section d { use L5 } }
                menu L7 "L7" { section a { use L6 }; section b { use L6 }; section c { use L6 }; section d { use L6 } }
                """, fixed: """
                menu L0 "L0" { item a "A"; item b "B"; item c "C"; item d "D" }
                menu L1 "L1" { section a { use L0 }; section b { use L0 }; section c { use L0 }; section d { use L0 } }
                menu L2 "L2" { section a { use L1 }; section b { use L1 }; section c { use L1 }; section d { use L1 } }
                menu L3 "L3" { section a { use L2 }; section b { use L2 }; section c { use L2 }; section d { use L2 } }
                menu L4 "L4" { section a { use L3 }; section b { use L3 }; section c { use L3 }; section d { use L3 } }
                menu L5 "L5" { section a { use L4 }; section b { use L4 }; section c { use L4 }; section d { use L4 } }
                menu L6 "L6" { section a { use L5 }; section b { use L5 }; section c { use L5 }; section d { use L5 } }
                menu L7 "L7" { use L6 }
                """)
        case .nameClash:
            DiagnosticExample("""
                menu Edit "Edit" {
                  section { item copy "Copy" }
                  section { item copy "Copy Style" }
                }
                """, fixed: """
                menu Edit "Edit" {
                  section { item copy "Copy" }
                  section { item copyStyle "Copy Style" }
                }
                """)
        case .tooManyErrors:
            DiagnosticExample("""
                menu File "File" {
                  item close "Close" { shortcut "cmd+w" }
                }
                """, fixed: """
                menu File "File" {
                  item close "Close" { shortcut: "cmd+w" }
                }
                """, repeating: "  item close \"Close\" { shortcut \"cmd+w\" }", times: DiagnosticLimits.errorsPerFile + 1)
        }
    }
}
