/// menuc's public home. Every link to menuc's own documentation (SARIF's
/// `informationUri` and each rule's `helpUri`) is built from this one
/// address; `grammar/package.json` and the README name it too, and a test
/// keeps them equal.
package enum ProjectHome {
    package static let repository = "https://github.com/menuc/menuc"

    /// A file of the repository as its host shows it, on the main branch:
    /// `docs/rules.md`, or with `anchor`, one heading of it.
    package static func page(_ path: String, anchor: String? = nil) -> String {
        repository + "/blob/main/" + path + (anchor.map { "#" + $0 } ?? "")
    }

    /// The page documenting a diagnostic id: its heading in docs/rules.md.
    package static func rulePage(_ id: String) -> String {
        page("docs/rules.md", anchor: id)
    }
}
