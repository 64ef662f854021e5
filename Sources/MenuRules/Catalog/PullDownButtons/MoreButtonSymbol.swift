import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A More pull-down, or a `type: more` button, that doesn't use the
/// system's More symbol.
struct MoreButtonSymbol: Rule {
    let scope = RuleScope.declaration
    static let moreSymbol = "ellipsis.circle"
    /// The symbol and its filled variant, which is the same symbol drawn solid.
    static let acceptedSymbols: Set<String> = [moreSymbol, moreSymbol + ".fill"]

    let descriptor = RuleDescriptor(
        id: "more-button-symbol",
        severity: .warning,
        guideline: Guidelines.buttonsOlder("Pull-Down Buttons"),
        summary: "A More pull-down button (`type: more`, or labelled \"More\") or a `type: more` button doesn't use the symbol `ellipsis.circle`.",
        explanation: """
            People recognize a More button by its symbol, an ellipsis in a circle, and know it offers more \
            functionality related to the current context. A More pull-down with another symbol, or with none, \
            loses that recognition. Set `symbol: "ellipsis.circle"` (the filled variant is fine too). A \
            pull-down labelled "More" that deliberately isn't a More button can say so with `type: system`.
            """,
        quote: "Consider using a More pull-down button to present items that don’t need prominent positions in the main interface. … Create a More button by using the ellipsis.circle symbol",
        hasFixIt: true,
        examples: [
            .triggering("""
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown more ↓"More" {
                    item newFolder "New Folder" { action: newFolder }
                    item scan "Scan Documents" { action: scan }
                    item connect "Connect to Server" { action: connect }
                  }
                }
                """, corrected: """
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item newFolder "New Folder" { action: newFolder }
                    item scan "Scan Documents" { action: scan }
                    item connect "Connect to Server" { action: connect }
                  }
                }
                """),
            .triggering("""
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown options { type: more; symbol: ↓"ellipsis"; menu: FileActions }
                }

                menu FileActions "File Actions" {
                  item newFolder "New Folder" { action: newFolder }
                  item scan "Scan Documents" { action: scan }
                  item connect "Connect to Server" { action: connect }
                }
                """, corrected: """
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown options { type: more; symbol: "ellipsis.circle"; menu: FileActions }
                }

                menu FileActions "File Actions" {
                  item newFolder "New Folder" { action: newFolder }
                  item scan "Scan Documents" { action: scan }
                  item connect "Connect to Server" { action: connect }
                }
                """),
            .triggering("""
                view Files "Files" {
                  button options { type: more; symbol: ↓"ellipsis"; action: showOptions }
                }
                """, corrected: """
                view Files "Files" {
                  button options { type: more; symbol: "ellipsis.circle"; action: showOptions }
                }
                """),
            .triggering("""
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown ↓"More" { item newFolder "New Folder"; item scan "Scan Documents"; item connect "Connect to Server" }
                }
                """, corrected: """
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown "More" { symbol: "ellipsis.circle"; item newFolder "New Folder"; item scan "Scan Documents"; item connect "Connect to Server" }
                }
                """),
            .triggering("""
                menu FileActions "File Actions" {
                  item newFolder "New Folder" { action: newFolder }
                  item scan "Scan Documents" { action: scan }
                  item connect "Connect to Server" { action: connect }
                }

                pulldown ↓"More…" { menu: FileActions }
                """, corrected: """
                menu FileActions "File Actions" {
                  item newFolder "New Folder" { action: newFolder }
                  item scan "Scan Documents" { action: scan }
                  item connect "Connect to Server" { action: connect }
                }

                pulldown "More…" { symbol: "ellipsis.circle"; menu: FileActions }
                """),
            .passing("""
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown more "More" {
                    type: more
                    symbol: "ellipsis.circle"
                    item newFolder "New Folder" { action: newFolder }
                    item scan "Scan Documents" { action: scan }
                    item connect "Connect to Server" { action: connect }
                  }
                }
                """),
            .passing("""
                view Store "Store" {
                  button checkout "Check Out" { action: checkout }
                  pulldown more "More" {
                    type: system
                    symbol: "bag"
                    item accessories "Accessories" { action: showAccessories }
                    item giftCards "Gift Cards" { action: showGiftCards }
                    item offers "Offers" { action: showOffers }
                  }
                }
                """),
            .passing("""
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown sort "Sort" {
                    symbol: "arrow.up.arrow.down"
                    item name "Name" { state: on }; item date "Date" { state: off }; item size "Size" { state: off }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.pulldown, .button) {
            guard !element.isSpliced, element.kind == .pulldown ? Self.isMoreButton(element) : element.symbol(.type) == "more" else { continue }
            let property = element.property(.symbol)
            let written = property?.value.stringValue
            if let written, Self.acceptedSymbols.contains(written) { continue }
            let replacement = "\"\(Self.moreSymbol)\""
            if let property, let written, let valueSpan = property.valueSpan {
                reporter.report("\(element.displayName) is a More button but uses the symbol '\(written)' instead of '\(Self.moreSymbol)'",
                                at: valueSpan, label: "not the More symbol", element: element,
                                help: "use symbol: \(replacement), which people recognize as More",
                                fixIts: [FixIt(message: "use \(replacement)", edits: [TextEdit(span: valueSpan, replacement: replacement)])])
                continue
            }
            let fixIts = PullDownQueries.syntax(of: element, in: file).map { syntax in
                [FixIt(message: "add symbol: \(replacement)",
                       edits: [PullDownQueries.insertion(of: "symbol: \(replacement)", into: syntax, in: file.source)])]
            } ?? []
            reporter.report("\(element.displayName) is a More button but has no symbol; use '\(Self.moreSymbol)'",
                            at: element.focusSpan, label: "More button without the More symbol", element: element,
                            help: "add symbol: \(replacement), which people recognize as More", fixIts: fixIts)
        }
    }

    /// `type: more`, or labelled "More" without saying `type: system`.
    static func isMoreButton(_ element: Element) -> Bool {
        switch element.symbol(.type) {
        case "more": return true
        case "system": return false
        default:
            guard let label = PullDownQueries.visibleLabel(of: element) else { return false }
            return PullDownQueries.comparable(label) == "more"
        }
    }
}
