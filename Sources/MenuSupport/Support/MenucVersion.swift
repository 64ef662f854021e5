/// menuc's version, as generated files, reports and `--version` say it.
package enum MenucVersion {
    package static let current = "0.1.0"
}
