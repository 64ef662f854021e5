import Foundation
import Testing
import MenuTestSupport
import CompilerTestSupport

/// The command plugins on samples/PluginDemo, as a package that depends on
/// menuc runs them: `menuc` reads without any permission (`check`,
/// `fmt --check`, `--help`) and refuses what writes, naming `menuc-write`;
/// `menuc-write` writes, and SwiftPM asks for its permission.
@Suite(.serialized, .enabled(if: PluginDemoTests.missing == nil))
struct CommandPluginTests {
    let demo = PluginDemoTests()

    @Test func bothPluginsAreListed() throws {
        let list = try demo.run(["package", "plugin", "--list"])
        #expect(list.status == 0, "\(list.error)")
        #expect(list.output.contains("‘menuc’") && list.output.contains("‘menuc-write’"), "\(list.output)")
    }

    @Test func theReadOnlyPluginChecksAndHelpsWithoutPermission() throws {
        let check = try demo.run(["package", "menuc", "check", "--format", "short"])
        #expect(check.status == 0, "\(check.output)\(check.error)")
        let formatCheck = try demo.run(["package", "menuc", "fmt", "--check"])
        #expect(formatCheck.status == 0, "\(formatCheck.output)\(formatCheck.error)")
        let help = try demo.run(["package", "menuc", "--help"])
        #expect(help.status == 0 && help.output.contains("menuc-write"), "\(help.output)\(help.error)")
        let commandHelp = try demo.run(["package", "menuc", "check", "--help"])
        #expect(commandHelp.status == 0 && commandHelp.output.contains("USAGE: menuc check"), "\(commandHelp.output)\(commandHelp.error)")
    }

    @Test func whatWritesIsRefusedByTheReadOnlyPluginAndNeedsPermission() throws {
        for command in [["fmt"], ["build", "--emit", "json", "--out", "Generated"], ["check", "--fix"]] {
            let refused = try demo.run(["package", "menuc"] + command)
            #expect(refused.status != 0 && refused.error.contains("menuc-write \(command[0])"), "\(command): \(refused.error)")
        }
        let unpermitted = try demo.run(["package", "menuc-write", "fmt", "--check"])
        #expect(unpermitted.status != 0 && unpermitted.error.contains("wants permission to write to the package directory"), "\(unpermitted.error)")
        let permitted = try demo.run(["package", "--allow-writing-to-package-directory", "menuc-write", "fmt", "--check"])
        #expect(permitted.status == 0, "\(permitted.output)\(permitted.error)")
    }
}
