// swift-tools-version: 6.0
import Foundation
import PackageDescription

// menuc's benchmark harness, a package of its own over menuc's public API
// (as large Swift projects keep theirs), so that menuc's own tests and
// builds don't depend on it. Run it from the repository's root:
//
//     swift run -c release --package-path Benchmarks menuc-bench [--help]
//
// menuc is the package one folder up. SwiftPM names a package added by path
// after its folder, and that folder is named by whoever cloned menuc, so the
// name is read from the path.
let menucPath = ".."
let menuc = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent(menucPath).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "menuc-benchmarks",
    dependencies: [.package(path: menucPath)],
    targets: [
        // Times the pipeline's stages in process (through `CompilerStages`)
        // and the `menuc` command as a process; see docs/performance.md.
        .executableTarget(
            name: "menuc-bench",
            dependencies: [.product(name: "MenuCompiler", package: menuc)],
            path: "Sources/menuc-bench"
        ),
        // The harness itself: its table, its measurements of child
        // processes, its scratch folder, and that nothing is installed unasked.
        .testTarget(name: "BenchHarnessTests", dependencies: ["menuc-bench"], path: "Tests/BenchHarnessTests"),
    ]
)
