import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A changeable-title item whose two labels aren't clear opposites.
struct TogglePairAmbiguous: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "toggle-pair-ambiguous",
        severity: .note,
        guideline: Guidelines.menus("Toggled items"),
        summary: "A changeable-title toggle's `on` and `off` labels aren't clear opposites (Show/Hide, Turn … On/Off, Enable/Disable, Lock/Unlock …).",
        explanation: """
            A changeable-title item lists one of its labels at a time, so each must make the current state \
            obvious on its own. That works best when the two labels are the same apart from words that clearly \
            express opposite actions or states: Show Ruler / Hide Ruler, Turn Grid On / Turn Grid Off, Lock \
            Note / Unlock Note, Take All Accounts Online / Offline. Labels that differ in other ways ("Grid" / \
            "No Grid", "Full Screen" / "Exit Full Screen") make people stop and work out which state is which.

            Opposites are recognized from a list of pairs (show/hide, on/off, enable/disable, start/stop, \
            expand/collapse, enter/exit, allow/block, add to/remove from, …) and the prefixes un-, dis- and de- \
            (Pin/Unpin, Connect/Disconnect, Select/Deselect). Toggle buttons among controls are not checked.
            """,
        quote: "When necessary to make sure both titles are unambiguous, consider using two verbs that clearly express opposite actions, like Turn Grid On and Turn Grid Off.",
        examples: [
            .triggering(#"menu View "View" { toggle grid { on: ↓"Grid"; off: "No Grid" } }"#),
            .triggering("""
                menu View "View" {
                  toggle fullScreen { off: ↓"Full Screen"; on: "Exit Full Screen" }
                  toggle ruler { on: "Hide Ruler"; off: "Show Ruler" }
                }
                """),
            .passing("""
                menu View "View" {
                  toggle ruler { on: "Hide Ruler"; off: "Show Ruler" }
                  toggle grid { on: "Turn Grid Off"; off: "Turn Grid On" }
                  toggle fullScreen { on: "Exit Full Screen"; off: "Enter Full Screen" }
                }
                """),
            .passing("""
                menu Mailbox "Mailbox" {
                  toggle online { on: "Take All Accounts Offline"; off: "Take All Accounts Online" }
                  toggle favorite { on: "Remove from Favorites"; off: "Add to Favorites" }
                  toggle lock { on: "Unlock Note"; off: "Lock Note" }
                  toggle read { on: "Mark as Unread"; off: "Mark as Read" }
                }
                """),
        ]
    )

    /// Words that clearly express opposite actions or states. Each pair is
    /// listed once; order doesn't matter.
    private static let opposites: [(String, String)] = [
        ("show", "hide"), ("shown", "hidden"), ("visible", "hidden"), ("on", "off"), ("online", "offline"),
        ("enable", "disable"), ("enabled", "disabled"), ("start", "stop"), ("expand", "collapse"),
        ("allow", "block"), ("allow", "deny"), ("enter", "exit"), ("open", "close"), ("play", "pause"),
        ("pause", "resume"), ("add", "remove"), ("to", "from"), ("include", "exclude"), ("attach", "detach"),
        ("increase", "decrease"), ("maximize", "minimize"), ("join", "leave"), ("in", "out"), ("accept", "decline"),
        ("mute", "unmute"), ("lock", "unlock"), ("pin", "unpin"), ("connect", "disconnect"), ("follow", "unfollow"),
        ("subscribe", "unsubscribe"), ("activate", "deactivate"), ("select", "deselect"), ("all", "none"),
        ("always", "never"), ("more", "less"), ("expanded", "collapsed"), ("locked", "unlocked"),
    ]

    private static let opposing: Set<String> = Set(opposites.flatMap { [$0.0 + " " + $0.1, $0.1 + " " + $0.0] })

    /// Prefixes that turn a word into its opposite: "un"pin, "dis"connect, "de"select.
    private static let negatingPrefixes = ["un", "dis", "de"]

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.toggle) {
            guard !element.isSpliced, element.kind == .toggle, element.context == .menu,
                  let on = element.property(.on), let off = element.property(.off),
                  let onText = on.value.stringValue, let offText = off.value.stringValue,
                  let onSpan = on.valueSpan, let offSpan = off.valueSpan else { continue }
            let onWords = words(onText)
            let offWords = words(offText)
            // Identical labels are toggle-labels' error; labels without words can't be compared.
            guard onWords != offWords, !onWords.isEmpty, !offWords.isEmpty,
                  !areClearOpposites(onWords, offWords) else { continue }
            let (first, second) = onSpan < offSpan ? (onSpan, offSpan) : (offSpan, onSpan)
            reporter.report("changeable-title \(element.displayName) switches between '\(offText)' and '\(onText)', which aren't clear opposites",
                            at: first, label: "not clearly opposite", element: element,
                            secondary: [LabeledSpan(second, "the other state's label")],
                            help: "use labels that differ only in opposing words, e.g. 'Show Grid' / 'Hide Grid' or 'Turn Grid On' / 'Turn Grid Off'")
        }
    }

    private func words(_ label: String) -> [String] {
        LabelWords.words(in: label).map { String($0.text).lowercased() }
    }

    /// The same words apart from at least one opposing pair, position by position.
    private func areClearOpposites(_ a: [String], _ b: [String]) -> Bool {
        guard a.count == b.count else { return false }
        var opposed = false
        for (left, right) in zip(a, b) where left != right {
            guard areOpposite(left, right) else { return false }
            opposed = true
        }
        return opposed
    }

    private func areOpposite(_ left: String, _ right: String) -> Bool {
        if Self.opposing.contains(left + " " + right) { return true }
        for prefix in Self.negatingPrefixes {
            if left == prefix + right || right == prefix + left { return true }
        }
        return false
    }
}
