import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A menu or submenu that is itself disabled.
struct DisabledMenu: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "disabled-menu",
        severity: .warning,
        guideline: Guidelines.menus("Labels"),
        summary: "A menu or submenu is disabled (`enabled: false`).",
        explanation: """
            A disabled menu or submenu can't be opened, so people can't find out which commands it holds or \
            why they're unavailable. Keep menus and submenus enabled, and disable the items inside them \
            instead: a dimmed item shows that the command exists but can't be used right now.
            """,
        quote: "If all of a menu’s items are unavailable, ensure that the menu itself remains enabled so people can open it and learn about the commands it contains.",
        examples: [
            .triggering("""
                menu Mailbox "Mailbox" {
                  submenu moveTo "Move To" {
                    enabled: ↓false
                    item inbox "Inbox" { action: moveToInbox }
                  }
                }
                """),
            .triggering("""
                menubar {
                  menu Window "Window" {
                    enabled: ↓false
                    item minimize "Minimize" { shortcut: "cmd+m" }
                  }
                }
                """),
            .passing("""
                menu Mailbox "Mailbox" {
                  submenu moveTo "Move To" {
                    item inbox "Inbox" { enabled: false; action: moveToInbox }
                    item archive "Archive" { enabled: false; action: moveToArchive }
                  }
                }
                """),
            .passing(#"menubar { menu Window "Window" { enabled: true; item minimize "Minimize" { shortcut: "cmd+m" } } }"#),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        // Only a written `enabled` has a span to report: most menus stop at their record.
        for (element, _) in file.walk(.menu, .submenu).matching({ !$0.isSpliced && store.writtenProperty(.enabled, of: $0) != nil }) {
            guard element.kind == .menu || element.kind == .submenu,
                  let enabled = element.property(.enabled), enabled.value.boolValue == false,
                  let span = enabled.valueSpan else { continue }
            reporter.report("\(element.displayName) is disabled, so people can't open it to see its commands", at: span,
                            label: "keep it enabled", element: element,
                            help: "remove 'enabled: false' and disable the items inside it instead")
        }
    }
}
