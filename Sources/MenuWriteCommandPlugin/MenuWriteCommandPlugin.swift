import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory menuc-write <fmt|build|check --fix> …`
///
/// What `swift package menuc` does, for the commands that write into the
/// package; SwiftPM asks for the permission this plugin declares. For
/// projects that commit generated code:
///
///     swift package --allow-writing-to-package-directory menuc-write build \
///         --target App --emit swift --out Sources/App/Generated
@main
struct MenuWriteCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try MenuPluginRunner.perform(context: context, arguments: arguments, verb: "menuc-write", mayWrite: true)
    }
}
