// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A package that uses menuc the way an app does: it depends on menuc,
// applies MenuBuildPlugin to a target that holds .menu files, depends on
// MenuModel (what the generated code imports), and uses the generated code.
//
// Here menuc is the package two folders up. SwiftPM names a package added
// by path after its folder, and that folder is named by whoever cloned
// menuc, so the name is read from the path. An app that depends on menuc
// by URL writes `package: "menuc"` instead.
let menucPath = "../.."
let menuc = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent(menucPath).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "PluginDemo",
    dependencies: [.package(path: menucPath)],
    targets: [
        .executableTarget(
            name: "PluginDemo",
            dependencies: [.product(name: "MenuModel", package: menuc)],
            plugins: [.plugin(name: "MenuBuildPlugin", package: menuc)]
        ),
    ]
)
