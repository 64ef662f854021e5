import MenuSupport
import MenuSyntax

/// Checks `preferred:` against `role:` once the model is built.
///
/// A button is its view's preferred one when its role is primary, or when
/// it says `preferred: true` (a destructive or cancel button can be the
/// preferred action of an alert). `preferred: false` beside `role: primary`
/// says both, so it is refused rather than one of them silently winning.
enum RoleValidation {
    /// The errors of the buttons `notPreferred` (store indices of buttons
    /// with `preferred: false`).
    static func diagnostics(ofNotPreferred notPreferred: [Int32], in store: ModelStore) -> [Diagnostic] {
        notPreferred.compactMap { index in
            let element = Element(store: store, index: Int(index))
            guard element.symbol(.role) == "primary", let span = element.property(.preferred)?.valueSpan else { return nil }
            return .error(.invalidValue, "\(element.displayName) has role primary, which makes it the preferred button, and preferred: false",
                          at: span, label: "contradicts role: primary",
                          secondary: (element.property(.role)?.valueSpan).map { [LabeledSpan($0, "primary: the preferred button")] } ?? [],
                          help: "remove 'preferred: false', or give the button another role (normal, cancel or destructive)")
        }
    }
}
