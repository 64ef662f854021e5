// swift-tools-version: 6.0
import PackageDescription

// menuc has no third-party dependencies: the standard library, Foundation and
// the toolchain's test frameworks only.
let package = Package(
    name: "menuc",
    products: [
        .library(name: "MenuCompiler", targets: ["MenuCompiler"]),
        .executable(name: "menuc", targets: ["menuc"]),
    ],
    targets: [
        .target(name: "MenuCompiler", path: "Sources/MenuCompiler"),
        .executableTarget(name: "menuc", dependencies: ["MenuCompiler"], path: "Sources/menuc"),
        // The benchmark harness: `swift run -c release menuc-bench` (see docs/performance.md).
        .executableTarget(name: "menuc-bench", dependencies: ["MenuCompiler"], path: "Benchmarks/Sources/menuc-bench"),
        .testTarget(
            name: "MenuCompilerTests",
            // The CLI tests run the built `menuc` binary, so it must be built first.
            dependencies: ["MenuCompiler", "menuc"],
            path: "Tests/MenuCompilerTests",
            exclude: ["Fixtures"]
        ),
    ]
)
