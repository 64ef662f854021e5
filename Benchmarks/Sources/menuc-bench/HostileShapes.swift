import Foundation

/// `menuc-bench --shapes`: files made of one small thing repeated — what
/// makes the most nodes, names or errors per byte — at 5 MB and 50 MB,
/// each checked (and the valid ones built with all three backends). For
/// every shape the peak memory at 50 MB should stay within 8× the file and
/// the time grow with the size (50 MB about ten times 5 MB, not a hundred).
/// A folder of 100,000 small junk files is one more row: memory per file
/// is what its summary needs.
enum HostileShapes {
    struct Shape: Sendable {
        var name: String
        /// A valid file (built as well as checked).
        var builds = false
        /// Empty `.menu` files written beside the file: what a failing
        /// import's did-you-mean would list.
        var siblings = 0
        /// The text of the file at about `bytes` bytes.
        var make: @Sendable (Int) -> Data
    }

    static let sizes = [5_000_000, 50_000_000]
    /// The budget: peak memory at most this many times the file.
    static let memoryFactor = 8.0

    static let nested = (0..<59).map { "submenu s\($0) \"S\" {\n" }.joined() + "item a \"Open\"\n" + String(repeating: "}\n", count: 59)

    static let shapes: [Shape] = [
        Shape(name: "'item' lines at the top level") { fill($0) { _ in "item\n" } },
        Shape(name: "one unknown property repeated, on one line") { fill($0, head: "menu a \"A\" {", tail: " }\n") { _ in " zzz: 1;" } },
        Shape(name: "one unknown property repeated, a line each") { fill($0, head: "menu a \"A\" {\n", tail: "}\n") { _ in "  zzz: 1\n" } },
        Shape(name: "distinct unknown properties, on one line") { fill($0, head: "menu a \"A\" {", tail: " }\n") { " z\($0): 1;" } },
        Shape(name: "distinct unknown properties, a line each") { fill($0, head: "menu a \"A\" {\n", tail: "}\n") { "  z\($0): 1\n" } },
        Shape(name: "one declaration repeated ('menu a \"A\"')") { fill($0) { _ in "menu a \"A\"\n" } },
        Shape(name: "one item repeated in one menu") { fill($0, head: "menu M \"M\" {\n", tail: "}\n") { _ in "  item same \"Open\"\n" } },
        Shape(name: "distinct empty menus ('menu aN \"A\"')") { fill($0) { "menu a\($0) \"A\"\n" } },
        Shape(name: "distinct labelled empty menus ('menu \"AN\"')") { fill($0) { "menu \"A\($0)\"\n" } },
        Shape(name: "failing imports") { fill($0) { "import \"missing\($0 % 1_000).menu\"\n" } },
        Shape(name: "distinct failing imports beside 10,000 files", siblings: 10_000) { fill($0) { "import \"missing\($0).menu\"\n" } },
        Shape(name: "menus of submenus nested 60 deep", builds: true) { fill($0) { "menu m\($0) \"M\" {\n" + nested + "}\n" } },
        Shape(name: "menus of 20 items with actions and shortcuts", builds: true) { size in
            fill(size) { menu in
                "menu m\(menu) \"Menu \(menu)\" {\n" + (0..<20).map { item in
                    "  item i\(item) \"Open Item \(item)\" { action: open\(item); shortcut: \"cmd+\(Character(UnicodeScalar(97 + item)!))\" }\n"
                }.joined() + "}\n"
            }
        },
        Shape(name: "one menu of distinct items", builds: true) { fill($0, head: "menu Many \"Many\" {\n", tail: "}\n") { "  item i\($0) \"Item \($0)\"\n" } },
        Shape(name: "menus with a 10 KB label", builds: true) { fill($0) { "menu m\($0) \"M\" { item a \"Open " + String(repeating: "x", count: 10_000) + "\" }\n" } },
    ]

    /// `head`, then `unit(0)`, `unit(1)`, … up to about `bytes`, then `tail`.
    static func fill(_ bytes: Int, head: String = "", tail: String = "", _ unit: (Int) -> String) -> Data {
        var data = Data(head.utf8)
        data.reserveCapacity(bytes + 64)
        var index = 0
        while data.count + tail.utf8.count < bytes {
            data.append(contentsOf: Array(unit(index).utf8))
            index += 1
        }
        data.append(contentsOf: Array(tail.utf8))
        return data
    }

    static func run(menuc: String, in folder: URL) throws {
        say("hostile shapes — menuc check (and build, all three backends, for valid files) at 5 MB and 50 MB, one run each\n")
        var table = Table(columns: ["shape", "command", "5 MB time", "50 MB time", "ratio", "5 MB peak", "50 MB peak", "× 50 MB", "exit"])
        for shape in shapes {
            let siblings = folder.appendingPathComponent("siblings")
            try? FileManager.default.removeItem(at: siblings)
            try FileManager.default.createDirectory(at: siblings, withIntermediateDirectories: true)
            for index in 0..<shape.siblings {
                try Data().write(to: siblings.appendingPathComponent("sibling\(index).menu"))
            }
            var paths: [String] = []
            for size in sizes {
                let url = siblings.appendingPathComponent("shape-\(size).menu")
                try shape.make(size).write(to: url)
                paths.append(url.path)
            }
            for command in shape.builds ? ["check", "build"] : ["check"] {
                let out = folder.appendingPathComponent("out")
                func arguments(_ path: String) -> [String] {
                    (command == "build" ? ["build", path, "--emit", "json,swift,markdown", "--out", out.path] : ["check", path]) + ["--format", "short"]
                }
                var measured: [(seconds: Double, peakMB: Int)?] = []
                for path in paths {
                    measured.append(Bench.runProcess(menuc, arguments(path), runs: 1, environment: [:]))
                    // A deep build writes gigabytes; they are not kept.
                    try? FileManager.default.removeItem(at: out)
                }
                let status = HostileInputs.answer(menuc, arguments(paths[0])).status
                try? FileManager.default.removeItem(at: out)
                table.add(row(shape.name, command, measured, bytes: paths.map(HostileInputs.bytes(at:)), status: status))
            }
            try? FileManager.default.removeItem(at: siblings)
        }
        // A folder of small junk files: what each file costs.
        let junk = folder.appendingPathComponent("junk-files")
        try FileManager.default.createDirectory(at: junk, withIntermediateDirectories: true)
        var generator: UInt64 = 0x9E37_79B9_7F4A_7C15
        let pieces = ["}", "{", "item", "\"", ":", "menu m \"M\" {", "@allow(", "zz: 1", "\n", " "]
        for index in 0..<100_000 {
            var text = ""
            for _ in 0..<60 {
                generator ^= generator << 13
                generator ^= generator >> 7
                generator ^= generator << 17
                text += pieces[Int(generator % UInt64(pieces.count))]
            }
            try Data((text + "\n").utf8).write(to: junk.appendingPathComponent("f\(index).menu"))
        }
        let measured = Bench.runProcess(menuc, ["check", junk.path, "--format", "short"], runs: 1, environment: [:])
        table.add(["100,000 files of 60 junk tokens", "check", "", measured.map { Bench.format($0.seconds) } ?? "failed", "",
                   "", measured.map { "\($0.peakMB) MB" } ?? "", measured.map { String(format: "%.0f KB a file", Double($0.peakMB) * 10) } ?? "", ""])
        try? FileManager.default.removeItem(at: junk)
        say(table.render())
    }

    private static func row(_ name: String, _ command: String, _ measured: [(seconds: Double, peakMB: Int)?], bytes: [Int], status: Int32) -> [String] {
        guard let small = measured[0], let large = measured[1] else { return [name, command, "failed", "failed", "", "", "", "", "\(status)"] }
        let factor = Double(large.peakMB) * 1_000_000 / Double(bytes[1])
        return [name, command, Bench.format(small.seconds), Bench.format(large.seconds), String(format: "%.1f", large.seconds / small.seconds),
                "\(small.peakMB) MB", "\(large.peakMB) MB", String(format: "%.1f×%@", factor, factor > memoryFactor ? " (over)" : ""), "\(status)"]
    }
}
