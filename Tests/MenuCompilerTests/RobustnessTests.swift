import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport
import CompilerTestSupport

/// Feeds damaged input through the whole pipeline — parse, resolve, every
/// rule, every backend, every diagnostic format — and requires no crash
/// and a diagnostic wherever the damage is known to make the input invalid.
struct RobustnessTests {
    static let sampleTexts: [(String, [UInt8])] = TestSupport.menuFiles(under: TestSupport.samples).compactMap { relative in
        guard !TestSupport.costlySamples.contains(relative),
              let data = FileManager.default.contents(atPath: TestSupport.samples.appendingPathComponent(relative).path) else { return nil }
        return (relative, [UInt8](data))
    }

    /// Runs everything on the bytes; returns the diagnostics.
    @discardableResult
    static func exercise(_ bytes: [UInt8]) -> [Diagnostic] {
        let compilation = Compiler.compile([.bytes(bytes, displayPath: "fuzz.menu")], options: CompileOptions(configuration: RuleConfiguration()))
        let renderer = compilation.renderer
        for diagnostic in compilation.diagnostics {
            _ = renderer.text(diagnostic)
            _ = renderer.short(diagnostic)
        }
        _ = renderer.json(compilation.diagnostics)
        if !compilation.hasErrors, let file = compilation.files.first {
            _ = JSONBackend.render(file, files: { compilation.workspace.file($0) })
        }
        return compilation.diagnostics
    }

    /// Braces outside strings and comments, counted the simple way.
    static func bracesBalance(_ bytes: [UInt8]) -> Bool? {
        var depth = 0
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false } else if byte == 0x0A { return nil }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
                return nil  // comments make the simple count unreliable; no claim
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth < 0 { return false }
            }
            index += 1
        }
        return inString ? nil : depth == 0
    }

    @Test("every prefix of every sample", arguments: RobustnessTests.sampleTexts.map(\.0))
    func prefixes(_ name: String) throws {
        let bytes = try #require(Self.sampleTexts.first { $0.0 == name }?.1)
        // Every prefix for small files; a stride keeps large ones quick.
        let step = max(1, bytes.count / 1_500)
        for length in stride(from: 0, through: bytes.count, by: step) {
            let prefix = Array(bytes[0..<length])
            let diagnostics = Self.exercise(prefix)
            if Self.bracesBalance(prefix) == false {
                #expect(diagnostics.contains { $0.severity == .error }, "\(name) prefix \(length) has open braces but no error")
            }
        }
    }

    enum Mutation: CaseIterable {
        case insertNUL, insertInvalidUTF8, deleteClosingBrace, insertOpeningBrace, flipByte, deleteRange, duplicateRange, insertToken

        /// Whether the result is certainly invalid.
        var makesInvalid: Bool {
            switch self {
            case .insertNUL, .insertInvalidUTF8: true
            case .deleteClosingBrace, .insertOpeningBrace, .flipByte, .deleteRange, .duplicateRange, .insertToken: false
            }
        }
    }

    static let tokens: [String] = ["{", "}", "\"", ":", ";", "@allow(", "use ", "menu ", "item x ", "\\u{D800}", "/*", "*/", "\n", "[", "]", "-", "…", "📁"]

    static func mutate(_ bytes: [UInt8], _ mutation: Mutation, _ random: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
        switch mutation {
        case .insertNUL:
            result.insert(0, at: position)
        case .insertInvalidUTF8:
            result.insert(contentsOf: [0xFF, 0xC0], at: position)
        case .deleteClosingBrace:
            if let index = result.indices.filter({ result[$0] == UInt8(ascii: "}") }).randomElement(using: &random) { result.remove(at: index) }
        case .insertOpeningBrace:
            result.insert(UInt8(ascii: "{"), at: position)
        case .flipByte:
            if !result.isEmpty {
                let index = Int.random(in: 0..<result.count, using: &random)
                result[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            }
        case .deleteRange:
            if !result.isEmpty {
                let start = Int.random(in: 0..<result.count, using: &random)
                let end = min(result.count, start + Int.random(in: 1...40, using: &random))
                result.removeSubrange(start..<end)
            }
        case .duplicateRange:
            if !result.isEmpty {
                let start = Int.random(in: 0..<result.count, using: &random)
                let end = min(result.count, start + Int.random(in: 1...80, using: &random))
                result.insert(contentsOf: Array(result[start..<end]), at: Int.random(in: 0...result.count, using: &random))
            }
        case .insertToken:
            result.insert(contentsOf: Array((tokens.randomElement(using: &random) ?? "{").utf8), at: position)
        }
        return result
    }

    @Test("seeded random mutations of every sample")
    func mutations() {
        var random = SeededGenerator(state: 20261122)
        var count = 0
        for (name, bytes) in Self.sampleTexts {
            for round in 0..<400 {
                var mutated = bytes
                var certainlyInvalid = false
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let mutation = Mutation.allCases.randomElement(using: &random) ?? .flipByte
                    mutated = Self.mutate(mutated, mutation, &random)
                    certainlyInvalid = certainlyInvalid || mutation.makesInvalid
                }
                let diagnostics = Self.exercise(mutated)
                count += 1
                // A later mutation may delete what an earlier one inserted, so
                // judge the final bytes: a NUL or invalid UTF-8 is certainly an error.
                certainlyInvalid = mutated.contains(0) || String(validating: mutated, as: UTF8.self) == nil
                if certainlyInvalid || Self.bracesBalance(mutated) == false {
                    #expect(diagnostics.contains { $0.severity == .error }, "\(name) mutation round \(round) is invalid but got no error")
                }
                // Diagnostics always point inside the file.
                #expect(diagnostics.allSatisfy { $0.span.end <= mutated.count || $0.span.file != FileID(0) }, "\(name) round \(round)")
            }
        }
        #expect(count >= 2_000)
    }

    @Test func filesBeyondFourGiBAreRefusedBeforeReading() throws {
        // A sparse file: 5 GiB long, no blocks on disk. Spans hold 32-bit
        // offsets, so it must be refused by its size, never read.
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge.menu").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("menu M \"M\" {}\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 5 << 30)
        try handle.close()
        let compilation = Compiler.compile([.path(path)])
        #expect(compilation.files.isEmpty)
        let message = compilation.loadFailures.first?.message ?? ""
        #expect(message.contains("huge.menu") && message.contains("5120 MiB") && message.contains("up to 4095 MiB"), "\(message)")
    }

    /// Devices are refused unread (/dev/zero never ends, a terminal waits),
    /// and a pipe is read only up to the size menuc accepts.
    @Test func devicesAreRefusedAndPipesAreReadUpToTheLimit() throws {
        for device in ["/dev/zero", "/dev/null"] {
            let compilation = Compiler.compile([.path(device)])
            #expect(compilation.files.isEmpty)
            #expect(compilation.loadFailures.first?.message == "cannot read \(device): it is a device, not a file (use - to read standard input)")
        }
        func readPipe(holding count: Int, limit: Int) -> Result<[UInt8], FileSystem.Failure> {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return .failure(FileSystem.Failure(code: errno)) }
            defer { close(ends[0]) }
            let written = Array(repeating: UInt8(ascii: "x"), count: count)
            _ = write(ends[1], written, written.count)
            close(ends[1])
            return FileDescriptorIO.readAll(ends[0], limit: limit)
        }
        switch readPipe(holding: 20, limit: 10) {
        case .success(let bytes): Issue.record("read \(bytes.count) bytes past the limit")
        case .failure(let failure): #expect(failure.isTooLarge)
        }
        #expect((try? readPipe(holding: 20, limit: 20).get())?.count == 20)
    }

    /// Inputs that once crashed menuc or made it balloon, found by the
    /// fuzzer (`Benchmarks/Fuzz/run.sh`) or by an attack: `.menu` files run
    /// through everything `exercise` does and the formatter; `.menus` files
    /// are several files split at `%%` lines, as the fuzzer makes them.
    static let fuzzFindings = TestSupport.fixtures.appendingPathComponent("fuzz")

    @Test(arguments: ((try? FileManager.default.contentsOfDirectory(atPath: RobustnessTests.fuzzFindings.path)) ?? []).sorted())
    func fuzzFindingsRunCleanly(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fuzzFindings.appendingPathComponent(name)))
        guard name.hasSuffix(".menus") else {
            Self.exercise(bytes)
            _ = MenuFormatter.format(SourceFile(id: FileID(0), displayPath: name, absolutePath: "", bytes: bytes))
            return
        }
        let folder = "/menuc-fuzz-files"
        let parts = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n%%\n")
        var overlays: [String: [UInt8]] = [:]
        for (number, part) in parts.enumerated() { overlays["\(folder)/f\(number).menu"] = Array(part.utf8) }
        let compilation = Compiler.compile(parts.indices.map { .path("\(folder)/f\($0).menu") }, options: CompileOptions(configuration: RuleConfiguration()),
                                               workspace: Workspace(root: folder, overlays: overlays, currentDirectory: folder))
        for diagnostic in compilation.diagnostics { _ = compilation.renderer.text(diagnostic) }
        if !compilation.hasErrors {
            for file in compilation.files { _ = JSONBackend.render(file, files: { compilation.workspace.file($0) }) }
        }
    }

    @Test func hostileShapes() {
        // (name, bytes, whether the input is invalid)
        let shapes: [(String, [UInt8], Bool)] = [
            ("5 MB line", Array(repeating: UInt8(ascii: "a"), count: 5_000_000) + Array(" x".utf8), true),
            ("2 MB string literal", Array("menu M \"M\" { item a \"".utf8) + Array(repeating: UInt8(ascii: "z"), count: 2_000_000) + Array("\" }".utf8), false),
            ("only NULs", Array(repeating: 0, count: 10_000), true),
            ("invalid UTF-8 everywhere", (0..<10_000).map { UInt8(0x80 | ($0 % 64)) }, true),
            ("lone surrogate escape", Array("menu M \"M\" { item a \"\\u{DC00}\" }".utf8), true),
            ("deep unclosed", Array(String(repeating: "submenu s \"S\" {", count: 50_000).utf8), true),
            ("many closers", Array(String(repeating: "}", count: 50_000).utf8), true),
            ("many attributes", Array(String(repeating: "@allow(a-b) ", count: 10_000).utf8) + Array("menu M \"M\" { item o \"Open\" }".utf8), false),
        ]
        for (name, bytes, invalid) in shapes {
            let diagnostics = Self.exercise(bytes)
            if invalid { #expect(diagnostics.contains { $0.severity == .error }, "\(name)") }
            #expect(diagnostics.count <= DiagnosticLimits.shownPerFile + 1, "\(name) floods with \(diagnostics.count) diagnostics")
        }
    }
}
