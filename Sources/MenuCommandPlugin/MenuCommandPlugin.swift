import Foundation
import PackagePlugin

/// `swift package menuc <check|fmt --check> [--target NAME]… [menuc options] [paths]`
///
/// Runs menuc from the package's directory on the package's `.menu` files
/// (or the paths given), reading only: it declares no permission, so it
/// runs without `--allow-writing-to-package-directory`. What writes —
/// `fmt`, `build`, `check --fix` — is `swift package menuc-write`
/// (MenuWriteCommandPlugin).
@main
struct MenuCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try MenuPluginRunner.perform(context: context, arguments: arguments, verb: "menuc", mayWrite: false)
    }
}
