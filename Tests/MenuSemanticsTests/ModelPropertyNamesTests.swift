import Foundation
import Testing
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
import MenuTestSupport

/// MenuModel's typed views read properties by name, as string literals in
/// its sources (the model library depends on nothing, so it can't use the
/// compiler's catalog). Every name it reads must be one the compiler writes,
/// with a value of the kind the view reads; a renamed or retyped property
/// would otherwise make a view answer nil forever.
struct ModelPropertyNamesTests {
    /// What a view reads a property as, from the accessor it uses.
    enum ReadAs: String { case string, bool, number, shortcut, enumeration }

    /// Every property read in Sources/MenuModel: `properties["name"]?.boolValue`,
    /// `string("name")`, `number("name")`, `enumeration("name", as:)`.
    static func reads() throws -> [(name: String, readAs: ReadAs, site: String)] {
        let folder = TestSupport.packageRoot.appendingPathComponent("Sources/MenuModel")
        let patterns: [(String, ReadAs?)] = [
            (#"properties\["([A-Za-z]+)"\]\?\.(stringValue|boolValue|numberValue|shortcutValue)"#, nil),
            (#"\.string\("([A-Za-z]+)"\)"#, .string),
            (#"\.number\("([A-Za-z]+)"\)"#, .number),
            (#"\.enumeration\("([A-Za-z]+)""#, .enumeration),
        ]
        var found: [(String, ReadAs, String)] = []
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (pattern, fixed) in patterns {
                for match in text.matches(of: try Regex(pattern)) {
                    guard let name = match.output[1].substring.map(String.init) else { continue }
                    let readAs: ReadAs
                    if let fixed {
                        readAs = fixed
                    } else {
                        let accessor = match.output[2].substring.map(String.init) ?? ""
                        readAs = ReadAs(rawValue: String(accessor.dropLast("Value".count))) ?? .string
                    }
                    found.append((name, readAs, url.lastPathComponent))
                }
            }
        }
        return found
    }

    /// How the compiler writes a value of each catalog type into the model.
    static func writtenAs(_ type: ValueType) -> ReadAs {
        switch type {
        case .string, .identifier, .menuReference, .optionReference, .viewReference: .string
        case .bool: .bool
        case .number: .number
        case .shortcut: .shortcut
        case .enumeration: .enumeration
        }
    }

    @Test func everyPropertyTheModelReadsIsInTheCatalogWithItsType() throws {
        var catalog: [String: Set<String>] = [:]
        for kind in ElementKind.allCases {
            for context in [ElementContext.control, .menu] {
                for spec in PropertyCatalog.specs(for: kind, in: context) {
                    catalog[spec.name, default: []].insert(Self.writtenAs(spec.type).rawValue)
                }
            }
        }
        let reads = try Self.reads()
        #expect(reads.count >= 20, "the scan finds the model's reads")
        for read in reads {
            let written = catalog[read.name]
            #expect(written != nil, "\(read.site) reads '\(read.name)', which no element has")
            // An enumeration is written as its case's name: a string to read.
            let compatible = written?.contains(read.readAs.rawValue) == true
                || (read.readAs == .string && written?.contains(ReadAs.enumeration.rawValue) == true)
            #expect(written == nil || compatible, "\(read.site) reads '\(read.name)' as \(read.readAs), the compiler writes \(written ?? [])")
        }
    }
}
