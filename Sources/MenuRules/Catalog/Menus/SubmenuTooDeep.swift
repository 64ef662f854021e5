import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A submenu inside another submenu.
struct SubmenuTooDeep: Rule {
    /// The whole file at once: a `use` site is reported once, however many declarations its splice reaches.
    let scope = RuleScope.file

    let descriptor = RuleDescriptor(
        id: "submenu-too-deep",
        severity: .warning,
        guideline: Guidelines.menus("Submenus"),
        summary: "A submenu is nested inside another submenu.",
        explanation: """
            Every level of submenu is harder to reveal: people have to move through each one without losing \
            the path. Keep submenus to a single level. Move the nested submenu's items into its parent (with a \
            section to set them apart), or give them a menu of their own. Only the first level too deep is \
            reported; what is nested further inside it goes away with it. Apple's standard nesting (Format ▸ \
            Font ▸ Kern, Format ▸ Text ▸ Writing Direction) is the system's and is left alone.
            """,
        quote: "It can be difficult for people to reveal multiple levels of hierarchical submenus, so it’s generally best to restrict them to a single level.",
        examples: [
            .triggering("""
                menu Format "Format" {
                  submenu font "Font" {
                    item bold "Bold" { state: off }
                    submenu ↓"Size" {
                      item small "Small" { state: off }
                      item large "Large" { state: on }
                    }
                  }
                }
                """),
            .triggering("""
                menu Sizes "Sizes" {
                  submenu "Text Size" { item small "Small" { state: off } }
                }
                view Editor "Editor" {
                  pulldown format "Format" {
                    submenu font "Font" {
                      ↓use Sizes
                    }
                  }
                }
                """),
            .passing("""
                menu Format "Format" {
                  submenu font "Font" {
                    item bold "Bold" { state: off }
                    item italic "Italic" { state: off }
                  }
                  submenu textSize "Text Size" {
                    item small "Small" { state: off }
                    item large "Large" { state: on }
                  }
                }
                """),
            .passing("""
                menu Sizes "Sizes" { item small "Small" { state: off } }
                menu Format "Format" { submenu textSize "Text Size" { use Sizes } }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        var reportedSites = Set<Span>()
        for (element, ancestors) in file.walk(.submenu) {
            guard element.kind == .submenu else { continue }
            let outer = ancestors.filter { $0.kind == .submenu }
            guard outer.count == 1, let parent = outer.first else { continue }
            // Apple's standard Format ▸ Font ▸ Kern and Text ▸ Writing Direction are the system's nesting.
            if MenuQueries.isStandardSubmenu(element), MenuQueries.isStandardSubmenu(parent) { continue }
            if !element.isSpliced {
                reporter.report("\(element.displayName) is nested inside \(parent.displayName); keep submenus to one level",
                                at: element.focusSpan, label: "second level", element: element,
                                secondary: [LabeledSpan(parent.focusSpan, "inside this submenu")],
                                help: "move its items into \(parent.displayName) (in a section), or into a menu of their own")
            } else if parent.origin != element.origin, let site = element.origin?.site,
                      site.file == file.source.id, reportedSites.insert(site).inserted {
                // The nesting is made by this splice, not by the declared menu.
                reporter.report("\(MenuQueries.name(of: element)) lands inside \(parent.displayName); keep submenus to one level",
                                at: site, label: "splices a submenu into a submenu", element: element,
                                help: "splice the declared menu outside the submenu, or flatten its submenu")
            }
        }
    }
}
