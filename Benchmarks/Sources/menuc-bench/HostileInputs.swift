import Foundation

/// `menuc-bench --hostile`: writes each hostile input the robustness work
/// names, runs `menuc check` on it once and prints time, peak memory, exit
/// status and the last line menuc printed — what a user would see.
///
/// Hostile means no crash, hang or runaway memory, and a clear answer. The
/// output and build cases (read-only `--out`, full disk, nothing lost) need
/// permissions a benchmark shouldn't take; `CLITests` and
/// `OutputWriterTests` cover them.
enum HostileInputs {
    struct Case: Sendable {
        var name: String
        /// `check`, or `build` (all three backends, into a folder beside the input).
        var command = "check"
        /// Writes the input under the folder and returns the path to check.
        var write: @Sendable (URL) throws -> String
    }

    static let cases: [Case] = [
        Case(name: "100,000 nested submenus") { folder in
            let depth = 100_000
            var text = "menu Deep \"Deep\" {\n"
            text.reserveCapacity(depth * 40)
            for level in 0..<depth { text += "submenu s\(level) \"Level \(level)\" {\n" }
            text += "item leaf \"Open Leaf\"\n" + String(repeating: "}\n", count: depth) + "}\n"
            return try save(text, "nested.menu", in: folder)
        },
        Case(name: "a value of 100,000 nested lists") { folder in
            try save("menu M \"M\" {\n  item a \"A\" { shortcut: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + " }\n}\n",
                     "lists.menu", in: folder)
        },
        Case(name: "300 menus, each showing the one before in a submenu (14.6 KB, build)", command: "build") { folder in
            try save(menuChain(300), "chain300.menu", in: folder)
        },
        Case(name: "300 menus, each showing the one before in a submenu, written last first (build)", command: "build") { folder in
            try save(menuChain(300, reversed: true), "chain300r.menu", in: folder)
        },
        Case(name: "a 400 KB doc comment spliced into 200 sections (build)", command: "build") { folder in
            let shared = "menu M1 \"M1\" {\n  /// " + String(repeating: "x", count: 400_000) + "\n  item a \"A\"\n}\n"
            return try save(shared + "menu M2 \"M2\" {\n" + (0..<200).map { "  section s\($0) { use M1 }\n" }.joined() + "}\n", "doc.menu", in: folder)
        },
        Case(name: "50 MB on one line (1.5 M items)") { folder in
            var text = "menu Line \"Line\" {"
            var index = 0
            while text.utf8.count < 50_000_000 {
                text += " item i\(index) \"Open Item \(index)\";"
                index += 1
            }
            return try save(text + " }\n", "line.menu", in: folder)
        },
        Case(name: "10 MB string literal") { folder in
            try save("menu M \"M\" {\n  item a \"" + String(repeating: "x", count: 10_000_000) + "\"\n}\n", "string.menu", in: folder)
        },
        Case(name: "1,000,000 siblings") { folder in
            var text = "menu Many \"Many\" {\n"
            for index in 0..<1_000_000 { text += "  item i\(index) \"Item \(index)\"\n" }
            return try save(text + "}\n", "siblings.menu", in: folder)
        },
        Case(name: "50,000 context menus naming one menu") { folder in
            var text = ""
            for index in 0..<50_000 { text += "menu M\(index) \"M\(index)\" {\n  item a \"Open\"\n}\n" }
            for index in 0..<50_000 { text += "contextmenu c\(index) { menu: M49999 }\n" }
            return try save(text, "named.menu", in: folder)
        },
        Case(name: "20,000 names of undeclared menus among 20,000 menus") { folder in
            var text = ""
            for index in 0..<20_000 { text += "menu M\(index) \"M\(index)\" {\n  item a \"Open\"\n}\n" }
            for index in 0..<20_000 { text += "contextmenu c\(index) { menu: Missing\(index) }\n" }
            return try save(text, "unknown.menu", in: folder)
        },
        Case(name: "menus splicing the one before ten times, 9 deep (2.7 KB)") { folder in
            var text = "menu L0 \"L0\" {\n" + (0..<10).map { "  item i\($0) \"Open \($0)\"\n" }.joined() + "}\n"
            for level in 1..<9 {
                text += "menu L\(level) \"L\(level)\" {\n" + (0..<10).map { "  section s\($0) { use L\(level - 1) }\n" }.joined() + "}\n"
            }
            return try save(text, "splices.menu", in: folder)
        },
        Case(name: "100,000 menus, each splicing the next (written first)") { folder in
            var text = ""
            for index in stride(from: 99_999, to: 0, by: -1) { text += "menu L\(index) \"L\(index)\" {\n  use L\(index - 1)\n}\n" }
            return try save(text + "menu L0 \"L0\" {\n  item a \"Open\"\n}\n", "chain.menu", in: folder)
        },
        Case(name: "120,000 items, each with an @allow") { folder in
            var text = "menu M \"M\" {\n"
            for index in 0..<120_000 { text += "  @allow(label-title-case)\n  item i\(index) \"open file \(index)\"\n" }
            return try save(text + "}\n", "allowed.menu", in: folder)
        },
        Case(name: "100,000 declarations, each with an @allow, beside one error") { folder in
            var text = ""
            for index in 0..<100_000 { text += "@allow(label-title-case)\nmenu m\(index) \"open file \(index)\" { item a \"Open\" }\n" }
            return try save(text + "menu broken \"B\" { use Nope }\n", "allowed-beside-error.menu", in: folder)
        },
        Case(name: "100,000 lines of one doc comment") { folder in
            try save((0..<100_000).map { "/// line \($0) of the doc\n" }.joined() + "menu M \"M\" { item a \"Open\" }\n", "doc.menu", in: folder)
        },
        Case(name: "one @allow naming 100,000 ids") { folder in
            try save("@allow(" + (0..<100_000).map { "rule-\($0)" }.joined(separator: ", ") + ")\nmenu M \"M\" { item a \"Open\" }\n", "allowids.menu", in: folder)
        },
        Case(name: "100,000 unknown properties on one item") { folder in
            try save("menu M \"M\" {\n  item a \"Open\" {" + (0..<100_000).map { " prop\($0): 1;" }.joined() + " }\n}\n", "properties.menu", in: folder)
        },
        Case(name: "one menu splicing 40,000 menus (build, all three backends)", command: "build") { folder in
            var text = (0..<40_000).map { "menu U\($0) \"U\($0)\" { item x\($0) \"Open \($0)\" }\n" }.joined()
            text += "menu All \"All\" {\n" + (0..<40_000).map { "  use U\($0)\n" }.joined() + "}\n"
            return try save(text, "uses.menu", in: folder)
        },
        Case(name: "invalid UTF-8") { folder in
            var bytes = Array("menu M \"M\" {\n  item a \"Open ".utf8)
            bytes += [0xC3, 0x28, 0xFF, 0xFE, 0xED, 0xA0, 0x80]
            bytes += Array("\"\n}\n".utf8)
            return try save(Data(bytes), "utf8.menu", in: folder)
        },
        Case(name: "NUL bytes") { folder in
            try save(Data("menu M \"M\" {\n  item a\0 \"Op\0en\"\n\0}\n".utf8), "nul.menu", in: folder)
        },
        Case(name: "lone surrogate in \\u{…}") { folder in
            try save("menu M \"M\" {\n  item a \"Open \\u{D800} File\"\n}\n", "surrogate.menu", in: folder)
        },
        Case(name: "import cycle of 1,000 files") { folder in
            let cycle = folder.appendingPathComponent("cycle")
            try FileManager.default.createDirectory(at: cycle, withIntermediateDirectories: true)
            for index in 0..<1_000 {
                _ = try save("import \"f\((index + 1) % 1_000).menu\"\nmenu M\(index) \"Menu \(index)\" { item open \"Open\" }\n",
                             "f\(index).menu", in: cycle)
            }
            return cycle.appendingPathComponent("f0.menu").path
        },
        Case(name: "import chain of 5,000 files, each splicing the next and the last") { folder in
            // Every file sees every file after it: a scope per file of all
            // it sees was quadratic (5.5 s and 500 MB before the tenth session).
            let count = 5_000
            return try importChain("chain", of: count, in: folder) { index in
                "menu M\(index) \"Menu \(index)\" { item open\(index) \"Open \(index)\" { action: open\(index) } }\n"
                    + (index + 2 < count ? "menu U\(index) \"Use \(index)\" { use M\(index + 1); use M\(count - 1) }\n" : "")
            }.path
        },
        Case(name: "import chain of 10,000 files, each opening a view of the last (build, all three backends)", command: "build") { folder in
            // Whether a file sees another was answered by walking the imports
            // between them, per reference: 5.5 s to resolve, and the Markdown
            // pages walked again per link (15 s for 2,000 files), before the
            // eleventh session numbered the import graph.
            let count = 10_000
            return try importChain("opens-chain", of: count, in: folder, header: "platforms macOS 14\n") { index in
                (index + 1 == count ? "view Target \"Target\" { presentation: sheet }\n" : "")
                    + "view V\(index) \"View \(index)\" { button go \"Go…\" { type: push; opens: Target } }\n"
            }.path
        },
        Case(name: "import chain of 10,000 files, one name declared in two of them") { folder in
            // Every file above the clash repeated it, after a walk of all it
            // saw (10.5 s and 5,001 reports before the twelfth session).
            let count = 10_000
            return try importChain("clash-chain", of: count, in: folder) { index in
                "menu M\(index) \"Menu \(index)\" { item open\(index) \"Open \(index)\" }\n"
                    + (index == count / 2 || index == count - 1 ? "menu Dup \"Dup\" { item open \"Open\" }\n" : "")
            }.appendingPathComponent("f0.menu").path
        },
        Case(name: "import chain of 3,000 files, each declaring the same name") { folder in
            // Each file reported every declaration below it: 4.5 million
            // reports made, 74 s and 970 MB before the twelfth session.
            try importChain("same-name-chain", of: 3_000, in: folder) { index in
                "menu M\(index) \"Menu \(index)\" { item open\(index) \"Open \(index)\" }\nmenu Dup \"Dup\" { item open \"Open\" }\n"
            }.appendingPathComponent("f0.menu").path
        },
        Case(name: "import chain of 5,000 files, each opening an undeclared view") { folder in
            // Each report's list of declared views scanned the names of the
            // files before it (4.7 s before the twelfth session).
            try importChain("unknown-chain", of: 5_000, in: folder, header: "platforms macOS 14\n") { index in
                "view V\(index) \"View \(index)\" { button go \"Go…\" { type: push; opens: Missing\(index) } }\n"
            }.appendingPathComponent("f0.menu").path
        },
        Case(name: "import chain of 30,000 files of two items each") { folder in
            // Each file paid the rules' fixed cost (descriptors copied, element
            // lists made for kinds it lacks) and each import a scan of the
            // import path for cycles: in a 3,000-file chain, 309 K
            // instructions a file before the thirteenth session, 161 K after.
            try importChain("small-chain", of: 30_000, in: folder, header: "platforms macOS 14\n") { index in
                "menu M\(index) \"Menu \(index)\" { item open\(index) \"Open \(index)\"; item close\(index) \"Close \(index)\" }\n"
            }.appendingPathComponent("f0.menu").path
        },
        Case(name: "100,000 items of a menu-bar menu sharing one shortcut") { folder in
            var text = "platforms macOS 14\nmenubar {\n menu File \"File\" {\n"
            for index in 0..<100_000 { text += "  item i\(index) \"Open \(index)\" { shortcut: \"cmd+n\"; action: a\(index) }\n" }
            return try save(text + " }\n}\n", "same-shortcut.menu", in: folder)
        },
        Case(name: "100,000 siblings sharing one identifier") { folder in
            var text = "menu M \"M\" {\n"
            for index in 0..<100_000 { text += "  item same \"Open \(index)\"\n" }
            return try save(text + "}\n", "same-id.menu", in: folder)
        },
        Case(name: "20,000 files that import nothing (20,000 groups)", command: "build") { folder in
            // Each group's model had tables of every file of the build: 3.4 GB before the tenth session.
            let many = folder.appendingPathComponent("many")
            try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
            for index in 0..<20_000 {
                _ = try save("menu M\(index) \"Menu \(index)\" { item open\(index) \"Open \(index)\" { action: open\(index) } }\n",
                             "f\(index).menu", in: many)
            }
            return many.path
        },
        Case(name: "symbolic link loop") { folder in
            let a = folder.appendingPathComponent("loop-a.menu").path
            try? FileManager.default.removeItem(atPath: a)
            try? FileManager.default.removeItem(atPath: folder.appendingPathComponent("loop-b.menu").path)
            try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: "loop-b.menu")
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop-b.menu").path, withDestinationPath: "loop-a.menu")
            return a
        },
        Case(name: "a device that never ends (/dev/zero)") { _ in "/dev/zero" },
        Case(name: "a directory where a file is expected") { folder in
            let directory = folder.appendingPathComponent("folder.menu")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return try save("import \"folder.menu\"\nmenu M \"M\" { item open \"Open\" }\n", "imports-folder.menu", in: folder)
        },
    ]

    /// A folder `name` of `count` files, `f0.menu` … : each starts with
    /// `header`, imports the next (all but the last), then holds `body(index)`.
    static func importChain(_ name: String, of count: Int, in folder: URL, header: String = "",
                            body: (Int) -> String) throws -> URL {
        let chain = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: chain, withIntermediateDirectories: true)
        for index in 0..<count {
            let next = index + 1 < count ? "import \"f\(index + 1).menu\"\n" : ""
            _ = try save(header + next + body(index), "f\(index).menu", in: chain)
        }
        return chain
    }

    /// Menus M1…M`length`, each showing the one before through `menu:` in a submenu.
    static func menuChain(_ length: Int, reversed: Bool = false) -> String {
        let menus = ["menu M1 \"M1\" { item a \"A\" }\n"] + (2...length).map { "menu M\($0) \"M\($0)\" { submenu b \"B\" { menu: M\($0 - 1) } }\n" }
        return (reversed ? menus.reversed() : menus).joined()
    }

    static func save(_ text: String, _ name: String, in folder: URL) throws -> String {
        try save(Data(text.utf8), name, in: folder)
    }

    static func save(_ data: Data, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    static func run(menuc: String, in folder: URL) throws {
        say("hostile inputs — menuc check (build where named), one run each\n")
        var table = Table(columns: ["input", "size", "time", "peak", "exit", "what menuc said first", "summary"])
        for hostile in cases + junkCases {
            let path = try hostile.write(folder)
            let size = bytes(at: path)
            let arguments = hostile.command == "build"
                ? ["build", path, "--emit", "json,swift,markdown", "--out", folder.appendingPathComponent("out").path]
                : ["check", path]
            let measured = Bench.runProcess(menuc, arguments + ["--format", "short"], runs: 1, environment: [:])
            let answer = answer(menuc, arguments)
            let megabytes = size >= 1_000_000 ? String(format: "%.1f MB", Double(size) / 1_000_000) : "\(size) B"
            table.add([hostile.name, megabytes, measured.map { Bench.format($0.seconds) } ?? "failed",
                       measured.map { "\($0.peakMB) MB" + (exceedsBound(peakMB: $0.peakMB, size: size) ? " (over 8×)" : "") } ?? "", "\(answer.status)",
                       String(answer.first.replacingOccurrences(of: folder.path + "/", with: "").prefix(90)),
                       answer.last == answer.first ? "" : answer.last])
        }
        say(table.render())
    }

    /// Whether a large input's peak passes the bound of 8× its size beside
    /// the memory every run starts with (about 25 MB, most of what a small
    /// file costs; at 50 MB it is a twentieth of the bound).
    static func exceedsBound(peakMB: Int, size: Int) -> Bool {
        size >= 5_000_000 && Double(peakMB - startingMB) * 1_000_000 > HostileShapes.memoryFactor * Double(size)
    }

    /// What `menuc check` of an empty file peaks at, in MB.
    static let startingMB = 25

    /// A file's size, or the sum of the sizes of the files in a folder.
    static func bytes(at path: String) -> Int {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: path + "/" + $1)[.size] as? Int) ?? 0) }
    }

    /// menuc's exit status and the first and last lines it wrote.
    static func answer(_ executable: String, _ arguments: [String]) -> (status: Int32, first: String, last: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // Diagnostics go to standard output, failures to standard error: both are kept.
        guard let ended = ChildProcesses.run(executable, arguments, environment: environment) else {
            return (-1, "could not start menuc", "")
        }
        let lines = ended.output.split(separator: "\n")
        return (ended.status, lines.first.map(String.init) ?? "", lines.last.map(String.init) ?? "")
    }
}
