import Foundation
import Testing
@testable import MenuSupport
@testable import MenuCompiler
import MenuTestSupport

/// menuc links only FoundationEssentials, so it replaces what it used from
/// full Foundation with standard-library code. These tests hold each
/// replacement to the Foundation behaviour it stands in for (the tests may
/// link full Foundation; the product may not).
///
/// Here paths standardized through links, as the driver's workspace does;
/// the rest is `FoundationParityTests` of MenuSupportTests.
@Suite("Foundation parity")
struct FoundationParityTests {
    /// `.` and `..` go, links are followed (also relative ones, and before a
    /// `..`, as the file system does), and what does not exist is tidied.
    @Test func standardizedResolvesLinksWhereTheyExist() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileManager = FileManager.default
        // The temporary directory itself may be reached through a link.
        guard let real = realpath(directory.path, nil) else { Issue.record("realpath failed"); return }
        let root = String(cString: real)
        free(real)
        try fileManager.createDirectory(atPath: root + "/real/sub", withIntermediateDirectories: true)
        #expect(fileManager.createFile(atPath: root + "/real/sub/f.menu", contents: Data()))
        try fileManager.createSymbolicLink(atPath: root + "/link", withDestinationPath: "real/sub")
        try fileManager.createSymbolicLink(atPath: root + "/absolute", withDestinationPath: root + "/real")
        try fileManager.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: "nowhere")
        try fileManager.createSymbolicLink(atPath: root + "/loop1", withDestinationPath: "loop2")
        try fileManager.createSymbolicLink(atPath: root + "/loop2", withDestinationPath: "loop1")
        try fileManager.createSymbolicLink(atPath: root + "/real/file-link.menu", withDestinationPath: "sub/f.menu")
        let cases = [
            ("real/sub/f.menu", "real/sub/f.menu"), ("real//sub/./f.menu", "real/sub/f.menu"), ("real/sub/", "real/sub"),
            ("link/f.menu", "real/sub/f.menu"), ("link/../x.menu", "real/x.menu"), ("absolute/sub/f.menu", "real/sub/f.menu"),
            ("link/missing.menu", "real/sub/missing.menu"), ("missing/a/../b.menu", "missing/b.menu"),
            ("dangling", "dangling"), ("loop1", "loop1"), ("real/sub/../../real", "real"), (".", ""),
            ("real/file-link.menu", "real/sub/f.menu"), ("link/../file-link.menu", "real/sub/f.menu"), ("loop1/x.menu", "loop1/x.menu"),
        ]
        // The standardizer of many paths answers the same, from its table of
        // directories the second time round.
        var standardizer = PathNames.Standardizer()
        for round in 1...2 {
            for (path, expected) in cases {
                let wanted = expected.isEmpty ? root : root + "/" + expected
                #expect(PathNames.standardized(root + "/" + path) == wanted, "\(path)")
                #expect(standardizer.standardized(root + "/" + path) == wanted, "\(path), round \(round)")
            }
        }
        #expect(PathNames.standardized("/") == "/")
        #expect(PathNames.standardized("/..") == "/")
        #expect(Workspace.standardize("link/f.menu", relativeTo: root) == root + "/real/sub/f.menu")
    }
}
