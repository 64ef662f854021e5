#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// A project's `menuc.json`: rule severities, thresholds, excluded paths and
/// how its labels are written (words kept as written, extra verbs, language).
///
/// ```json
/// {
///   "rules": { "label-starts-with-verb": "off", "menu-too-long": "error" },
///   "thresholds": { "pulldownMaxItems": 12, "menuBarMenuMaxItems": 25, "menuMaxItems": 15, "submenuMaxItems": 5 },
///   "exclude": ["errors/**", "generated/*.menu"],
///   "vocabulary": ["The Unarchiver", "tmux", "Up Next"],
///   "verbs": ["reindex", "stash"],
///   "language": "en"
/// }
/// ```
public struct ProjectConfiguration: Sendable {
    public static let fileName = "menuc.json"

    /// Where the file was read from; exclusions are relative to its folder.
    public var path: String?
    public var rules: RuleConfiguration

    public init(path: String? = nil, rules: RuleConfiguration = RuleConfiguration()) {
        self.path = path
        self.rules = rules
    }

    public var directory: String? { path.map { PathNames.deletingLastComponent(of: $0) } }

    public struct Failure: Error, Equatable, Sendable {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    static let topLevelKeys = ["rules", "thresholds", "exclude", "vocabulary", "verbs", "language"]
    static let thresholdNames = ["menuBarMenuMaxItems", "menuMaxItems", "pulldownMaxItems", "submenuMaxItems"]

    static func setThreshold(_ name: String, to value: Int, in thresholds: inout RuleThresholds) {
        switch name {
        case "pulldownMaxItems": thresholds.pulldownMaxItems = value
        case "menuBarMenuMaxItems": thresholds.menuBarMenuMaxItems = value
        case "menuMaxItems": thresholds.menuMaxItems = value
        case "submenuMaxItems": thresholds.submenuMaxItems = value
        default: break
        }
    }

    /// Parses a configuration file, naming the offending key on any problem.
    public static func load(path: String, knownRuleIDs: Set<String>) -> Result<ProjectConfiguration, Failure> {
        func fail(_ message: String) -> Result<ProjectConfiguration, Failure> { .failure(Failure(path: path, message: message)) }
        let bytes: [UInt8]
        switch FileSystem.contents(atPath: path) {
        case .success(let read): bytes = read
        case .failure(let failure): return fail("cannot read the file: \(failure.reason)")
        }
        let document: JSON
        do {
            document = try JSON.parse(bytes)
        } catch {
            return fail("not valid JSON (\(error))")
        }
        guard let root = document.object else { return fail("the top level must be an object with keys \(topLevelKeys.joined(separator: ", "))") }
        var configuration = RuleConfiguration()
        for key in root.keys.sorted() where !topLevelKeys.contains(key) {
            return fail("unknown key '\(key)'" + (Suggest.closest(to: key, in: topLevelKeys).map { "; did you mean '\($0)'?" } ?? "") + " (keys: \(topLevelKeys.joined(separator: ", ")))")
        }
        if let rules = root["rules"] {
            guard let table = rules.object else { return fail("'rules' must be an object of rule id → severity") }
            for (id, value) in table.sorted(by: { $0.key < $1.key }) {
                guard knownRuleIDs.contains(id) else {
                    return fail("'rules.\(id)': no such rule" + (Suggest.closest(to: id, in: knownRuleIDs.sorted()).map { "; did you mean '\($0)'?" } ?? ""))
                }
                guard let text = value.string, let severity = RuleSeverity(rawValue: text) else {
                    return fail("'rules.\(id)' must be one of \"off\", \"note\", \"warning\", \"error\"")
                }
                configuration.severities[id] = severity
            }
        }
        if let thresholds = root["thresholds"] {
            guard let table = thresholds.object else { return fail("'thresholds' must be an object") }
            for (key, value) in table.sorted(by: { $0.key < $1.key }) {
                guard thresholdNames.contains(key) else {
                    return fail("'thresholds.\(key)': unknown threshold" + (Suggest.closest(to: key, in: thresholdNames).map { "; did you mean '\($0)'?" } ?? "")
                                + " (thresholds: \(thresholdNames.joined(separator: ", ")))")
                }
                // `.int` also takes `20.0`, as JSONSerialization's numbers did.
                guard let number = value.int, number >= 1, number <= 10_000 else {
                    return fail("'thresholds.\(key)' must be a whole number from 1 to 10000")
                }
                setThreshold(key, to: number, in: &configuration.thresholds)
            }
        }
        if let exclude = root["exclude"] {
            guard let elements = exclude.array, elements.allSatisfy({ $0.string != nil }) else { return fail("'exclude' must be an array of path patterns") }
            configuration.excludedPaths = elements.compactMap(\.string)
        }
        if let vocabulary = root["vocabulary"] {
            guard let elements = vocabulary.array, elements.allSatisfy({ ($0.string.map(isVocabularyEntry)) == true }) else {
                return fail("'vocabulary' must be an array of words or names as they are written (\"tmux\", \"The Unarchiver\")")
            }
            configuration.vocabulary.words = elements.compactMap(\.string)
        }
        if let verbs = root["verbs"] {
            guard let elements = verbs.array, elements.allSatisfy({ ($0.string.map(isVerbEntry)) == true }) else {
                return fail("'verbs' must be an array of single words (\"reindex\")")
            }
            configuration.vocabulary.verbs = Set(elements.compactMap { $0.string?.lowercased() })
        }
        if let language = root["language"] {
            guard let tag = language.string, isLanguageTag(tag) else {
                return fail("'language' must be a language tag such as \"en\", \"de\" or \"pt-BR\"")
            }
            configuration.vocabulary.language = tag
        }
        return .success(ProjectConfiguration(path: path, rules: configuration))
    }

    /// A vocabulary entry: words separated by single spaces, nothing blank.
    static func isVocabularyEntry(_ entry: String) -> Bool {
        !entry.isEmpty && entry.count <= 200 && !entry.hasPrefix(" ") && !entry.hasSuffix(" ") && !entry.contains("  ")
            && !entry.contains(where: { $0.isNewline || $0 == "\t" })
    }

    static func isVerbEntry(_ verb: String) -> Bool {
        !verb.isEmpty && verb.count <= 60 && verb.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" }
    }

    /// A BCP 47 tag's shape: letters and digits in parts joined by "-", the first of 2–3 letters.
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// The nearest `menuc.json` in the folder of `absolutePath` or above.
    public static func find(from absolutePath: String) -> String? {
        var directory = PathNames.deletingLastComponent(of: absolutePath)
        while true {
            let candidate = PathNames.appending(fileName, to: directory)
            if FileSystem.kind(atPath: candidate) != nil { return candidate }
            let parent = PathNames.deletingLastComponent(of: directory)
            if parent == directory || parent.isEmpty { return nil }
            directory = parent
        }
    }
}
