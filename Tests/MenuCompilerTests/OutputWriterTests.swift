import Foundation
import Testing
@testable import MenuCompiler

/// Staging outputs as they are produced: an unchanged output leaves its
/// file alone, a changed one is written whole, and a failure changes nothing.
struct OutputWriterTests {
    /// An output produced in uneven pieces (so comparisons cross chunk boundaries).
    static func output(_ path: String, _ bytes: [UInt8], pieces: [Int] = [1, 7, 4096, 65_535, 65_537, 3]) -> OutputWriter.Output {
        OutputWriter.Output(path: path) { write in
            var offset = 0
            var index = 0
            while offset < bytes.count {
                let size = min(pieces[index % pieces.count], bytes.count - offset)
                bytes.withUnsafeBufferPointer { write(UnsafeBufferPointer(rebasing: $0[offset..<(offset + size)])) }
                offset += size
                index += 1
            }
        }
    }

    static func bytes(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
    }

    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func leftovers(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
    }

    /// A destination that is a symbolic link keeps its link: the file it
    /// points to gets the contents (`menuc fmt` through a link, an output
    /// folder of links into another tree).
    @Test func aLinkedDestinationIsWrittenThrough() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("elsewhere/a.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: target)
        let link = folder.appendingPathComponent("a.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "elsewhere/a.json")
        let contents = Self.bytes(70_000)
        guard case .success = OutputWriter().write([Self.output(link, contents)]) else {
            Issue.record("the write failed")
            return
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "elsewhere/a.json")
        #expect(try [UInt8](Data(contentsOf: target)) == contents)
        #expect(try leftovers(in: folder).isEmpty && leftovers(in: target.deletingLastPathComponent()).isEmpty)
    }

    /// A replaced file keeps its permissions: a private source formatted
    /// in place must not become readable by everyone.
    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for mode in [0o600, 0o755, 0o640] {
            let path = folder.appendingPathComponent("file-\(String(mode, radix: 8))").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            guard case .success = OutputWriter().write([Self.output(path, Self.bytes(1_000))]) else {
                Issue.record("the write failed")
                continue
            }
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode, "mode \(String(mode, radix: 8))")
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == Self.bytes(1_000))
        }
    }

    @Test func anUnchangedOutputLeavesItsFileAlone() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.json").path
        let contents = Self.bytes(300_000)
        guard case .success(let first) = OutputWriter().write([Self.output(path, contents)]) else { Issue.record("first write failed"); return }
        #expect(first.written == [path])
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        guard case .success(let second) = OutputWriter().write([Self.output(path, contents, pieces: [65_536, 17])]) else { Issue.record("rewrite failed"); return }
        #expect(second.unchanged == [path] && second.written.isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
        #expect(try leftovers(in: folder).isEmpty)
    }

    @Test(arguments: [
        ("differs in the middle", 300_000, 300_000, 150_001),
        ("longer than before", 200_000, 300_000, nil),
        ("shorter than before", 300_000, 200_000, nil),
        ("differs in the first byte", 70_000, 70_000, 0),
        ("differs in the last byte", 70_000, 70_000, 69_999),
        ("empty now", 1_000, 0, nil),
        ("empty before", 0, 1_000, nil),
    ] as [(String, Int, Int, Int?)])
    func aChangedOutputIsWrittenWhole(_ name: String, _ before: Int, _ after: Int, _ changedByte: Int?) throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.swift").path
        let old = Self.bytes(before)
        var new = Self.bytes(after)
        if let changedByte { new[changedByte] &+= 1 }
        _ = OutputWriter().write([Self.output(path, old)])
        guard case .success(let report) = OutputWriter().write([Self.output(path, new)]) else { Issue.record("\(name): write failed"); return }
        #expect(report.written == [path], "\(name)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(new), "\(name)")
        #expect(try leftovers(in: folder).isEmpty, "\(name)")
    }

    @Test func aFailureChangesNothingAndLeavesNoTemporary() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.json").path
        let b = folder.appendingPathComponent("b.json").path
        _ = OutputWriter().write([Self.output(a, Self.bytes(100_000)), Self.output(b, Self.bytes(100_000))])
        let writer = OutputWriter(failWritingPath: b)
        guard case .failure = writer.write([Self.output(a, Self.bytes(100_000, seed: 9)), Self.output(b, Self.bytes(100_000, seed: 9))]) else {
            Issue.record("the injected failure was not reported")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(Self.bytes(100_000)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: b)) == Data(Self.bytes(100_000)))
        #expect(try leftovers(in: folder).isEmpty)
    }
}
