import Foundation
import MenuCompiler

/// `menuc-bench --typecheck`: how long an app's compiler takes over the
/// generated Swift. For menu bars of 100, 300 and 1,000 items — six
/// top-level menus, sections, submenus two levels deep, shortcuts, toggles,
/// doc comments — `swiftc -typecheck` of `--emit swift`'s output (best of
/// three), per 100 elements, beside the floor: the same number of plain
/// `let` string constants. The longest expression comes from
/// `-warn-long-expression-type-checking=1`.
enum TypeCheckBench {
    static let sizes = [100, 300, 1_000]

    static func run(in folder: URL) throws {
        guard let modules = modulesFolder() else {
            say("menuc-bench --typecheck needs the MenuModel module beside it: swift build -c release")
            exit(2)
        }
        say("swiftc -typecheck of generated Swift (best of 3; wall clock, and CPU time of swiftc and its frontend)")
        say("items  elements  generated  per 100 el.  floor    ×floor  CPU: generated  floor   ×floor  longest expression")
        var seconds: [Int: Double] = [:]
        var cpuSeconds: [Int: Double] = [:]
        for size in sizes {
            let menu = menuBar(items: size)
            let compilation = Compiler.compile([.text(menu, displayPath: "bar\(size).menu")], options: CompileOptions(runRules: false))
            guard let file = compilation.files.first, !compilation.hasErrors else {
                say("bar\(size).menu does not compile: \(compilation.diagnostics.first?.message ?? "")")
                exit(1)
            }
            let elements = file.elementCount
            let swift = folder.appendingPathComponent("bar\(size).swift")
            var code = Data()
            CompilerStages.emit(.swift, of: compilation) { code.append($0) }
            try code.write(to: swift)
            let floor = folder.appendingPathComponent("floor\(size).swift")
            try (0..<size).map { "let s\($0): String = \"Do Thing \($0)\"\n" }.joined().write(to: floor, atomically: true, encoding: .utf8)
            let generated = best(of: 3) { typecheck(swift, modules: modules) }
            let plain = best(of: 3) { typecheck(floor, modules: modules) }
            let longest = longestExpression(swift, modules: modules)
            seconds[size] = generated.wall
            cpuSeconds[size] = generated.cpu
            say(String(format: "%5d  %8d  %7.2f s  %9.3f s  %5.2f s  %5.1f×  %12.2f s  %5.2f s  %5.1f×  %@", size, elements, generated.wall,
                       generated.wall / Double(elements) * 100, plain.wall, generated.wall / plain.wall,
                       generated.cpu, plain.cpu, generated.cpu / plain.cpu, longest.map { "\($0) ms" } ?? "–"))
        }
        if let small = seconds[300], let large = seconds[1_000], let smallCPU = cpuSeconds[300], let largeCPU = cpuSeconds[1_000] {
            say(String(format: "1,000 items cost %.2f× the 300-item bar, %.2f× in CPU time (linear: 3.33×)", large / small, largeCPU / smallCPU))
        }
    }

    /// The folder holding `MenuModel.swiftmodule` of this build.
    static func modulesFolder() -> String? {
        let beside = URL(fileURLWithPath: Bench.selfPath).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Modules")
        return FileManager.default.fileExists(atPath: beside.appendingPathComponent("MenuModel.swiftmodule").path) ? beside.path : nil
    }

    /// The least wall-clock and the least CPU time of `runs` runs.
    static func best(of runs: Int, _ body: () -> (wall: Double, cpu: Double)) -> (wall: Double, cpu: Double) {
        let times = (0..<runs).map { _ in body() }
        return (times.map(\.wall).min() ?? 0, times.map(\.cpu).min() ?? 0)
    }

    /// Wall-clock seconds of one `swiftc -typecheck`, and its CPU seconds
    /// (user and system, of the driver and the frontend it runs): on a
    /// shared machine the CPU time is what other work doesn't stretch.
    static func typecheck(_ file: URL, modules: String, flags: [String] = []) -> (wall: Double, cpu: Double) {
        let cpu = Platform.childrenCPUSeconds()
        let start = Date()
        _ = swiftc(["-typecheck", "-I", modules] + flags + [file.path])
        return (Date().timeIntervalSince(start), Platform.childrenCPUSeconds() - cpu)
    }

    /// The longest expression's milliseconds, from swiftc's warnings.
    static func longestExpression(_ file: URL, modules: String) -> Int? {
        let output = swiftc(["-typecheck", "-I", modules, "-Xfrontend", "-warn-long-expression-type-checking=1", file.path])
        var longest: Int?
        for line in output.split(separator: "\n") where line.contains("warning: expression took ") {
            guard let range = line.range(of: "expression took ") else { continue }
            let digits = line[range.upperBound...].prefix { $0.isNumber }
            if let value = Int(digits) { longest = max(longest ?? 0, value) }
        }
        return longest
    }

    /// swiftc's output (its diagnostics).
    static func swiftc(_ arguments: [String]) -> String {
        ChildProcesses.run("/usr/bin/env", ["swiftc"] + arguments)?.output ?? ""
    }

    /// A realistic macOS menu bar of `items` items: six menus of sections
    /// of four items, each section but the last with a submenu of three
    /// items holding one of two; every third item has a shortcut, every
    /// seventh is a changeable-title toggle, the others have doc comments.
    static func menuBar(items: Int) -> String {
        let menus = ["App", "File", "Edit", "View", "Window", "Help"]
        let perMenu = items / menus.count
        let modifiers = ["cmd", "cmd+shift", "cmd+opt", "cmd+ctrl", "cmd+opt+shift", "cmd+ctrl+shift", "ctrl+opt", "cmd+ctrl+opt"]
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var count = 0
        var lines = ["platforms macOS 14", "", "/// The menu bar.", "menubar {"]
        func item(_ indent: String) -> String {
            count += 1
            let step = count / 3
            let shortcut = count % 3 == 0 && step < 208 ? "; shortcut: \"\(modifiers[(step / 26) % 8])+\(letters[step % 26])\"" : ""
            if count % 7 == 0 { return "\(indent)toggle t\(count) { on: \"Hide Thing \(count)\"; off: \"Show Thing \(count)\"; state: on }" }
            return "\(indent)/// Does thing \(count).\n\(indent)item i\(count) \"Do Thing \(count)\" { action: act\(count)\(shortcut) }"
        }
        for menu in menus {
            lines += ["  /// The \(menu) menu.", "  menu \(menu) \"\(menu)\" {"]
            var written = 0
            while written < perMenu {
                lines.append("    section {")
                for _ in 0..<4 where written < perMenu {
                    lines.append(item("      "))
                    written += 1
                }
                if written < perMenu - 6 {
                    lines.append("      submenu s\(count) \"More \(count)\" {")
                    for _ in 0..<3 { lines.append(item("        ")); written += 1 }
                    lines.append("        submenu ss\(count) \"Even More \(count)\" {")
                    for _ in 0..<2 { lines.append(item("          ")); written += 1 }
                    lines += ["        }", "      }"]
                }
                lines.append("    }")
            }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
