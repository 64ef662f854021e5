import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// An image button with less than 10 points of padding (macOS).
///
/// Only a written `padding` is checked. The fix-it sets it to 10: padding
/// only grows the clickable area around the image, so the change is safe.
struct ImageButtonPadding: Rule {
    let scope = RuleScope.declaration
    static let minimum = 10.0

    let descriptor = RuleDescriptor(
        id: "image-button-padding",
        severity: .warning,
        guideline: Guidelines.buttons("Image buttons"),
        summary: "An image button has less than 10 points of padding around its image.",
        explanation: """
            An image button's edges, visible or not, are its clickable area. With little padding, a click just \
            outside the image misses the button. Leave about 10 points between the image and the button's edges \
            (`padding: 10`) so that clicks near the image register.
            """,
        quote: "Include about 10 pixels of padding between the edges of the image and the button edges. An image button’s edges define its clickable area even when they aren’t visible. Including padding ensures that a click registers correctly even if it’s not precisely within the image.",
        hasFixIt: true,
        examples: [
            .triggering("""
                platforms macOS 14
                view Profile "Profile" {
                  button avatar { type: image; symbol: "person.crop.circle"; padding: ↓4; action: chooseAvatar }
                }
                """,
                corrected: """
                platforms macOS 14
                view Profile "Profile" {
                  button avatar { type: image; symbol: "person.crop.circle"; padding: 10; action: chooseAvatar }
                }
                """),
            .triggering("""
                platforms macOS 14
                button accountPicture {
                  type: image
                  symbol: "person.crop.square"
                  padding: ↓0
                }
                """,
                corrected: """
                platforms macOS 14
                button accountPicture {
                  type: image
                  symbol: "person.crop.square"
                  padding: 10
                }
                """),
            .passing("""
                platforms macOS 14
                view Profile "Profile" {
                  button avatar { type: image; symbol: "person.crop.circle"; padding: 12; action: chooseAvatar }
                }
                """),
            .passing("""
                platforms macOS 14
                view Profile "Profile" {
                  button avatar { type: image; symbol: "person.crop.circle"; action: chooseAvatar }
                  button edit "Edit…" { type: push; padding: 4; opens: sheet }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        guard file.includes(.macOS) else { return }
        for (element, _) in file.walk(.button) {
            guard !element.isSpliced, ButtonQueries.isButton(element, ofType: "image"),
                  let padding = element.explicit(.padding)?.numberValue, padding < Self.minimum,
                  let span = element.property(.padding)?.valueSpan else { continue }
            reporter.report(
                "image button '\(element.label ?? element.id)' has \(ButtonQueries.format(padding)) pt of padding; leave about 10 pt around the image",
                at: span, label: "under 10 pt", element: element,
                notes: ["the button's edges define its clickable area, even when they aren't visible"],
                help: "set the padding to 10",
                fixIts: ButtonQueries.replaceValue("padding", of: element, with: "10", message: "set padding to 10"))
        }
    }
}
