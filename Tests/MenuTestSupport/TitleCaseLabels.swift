import Foundation

/// Labels the title-case and label-word tests share: misspelt labels with
/// their title-style forms, and a large set to compare the fast paths
/// with the full analysis on (every sample's labels and generated ones).
public enum TitleCaseLabels {
    /// Wrongly cased labels and their fixes.
    public static let fixes: [(String, String)] = [
        ("paste and match style", "Paste and Match Style"),
        ("Paste And Match Style", "Paste and Match Style"),
        ("Sort by", "Sort By"),
        ("Add To Cart", "Add to Cart"),
        ("show in finder", "Show in Finder"),
        ("bring all to front", "Bring All to Front"),
        // Only the first letter is raised, so an acronym typed in lowercase
        // becomes "Pdf": the rule cannot know it is an acronym.
        ("export as pdf…", "Export as pdf…"),
        ("Open In New Window", "Open in New Window"),
        ("Organize By Conversation", "Organize by Conversation"),
        ("move to trash", "Move to Trash"),
        ("save as…", "Save As…"),
        ("zoom in", "Zoom In"),
        ("back up now", "Back Up Now"),
        ("sign in with apple", "Sign In with Apple"),
        ("Mark As Read", "Mark as Read"),
        ("Reply To All", "Reply to All"),
        ("Take all accounts online", "Take All Accounts Online"),
        ("Use Selection For Find", "Use Selection for Find"),
        ("check spelling while typing", "Check Spelling While Typing"),
        ("Share Via AirDrop", "Share via AirDrop"),
        ("save to iCloud drive", "Save to iCloud Drive"),
        ("Take A Screenshot", "Take a Screenshot"),
        ("Open The Message", "Open the Message"),
        ("print…", "Print…"),
        ("find and replace…", "Find and Replace…"),
        ("Copy Or Move", "Copy or Move"),
        ("Add to", "Add To"),
        ("of", "Of"),
    ]

    /// Labels of every sample, plus generated edge cases around the fast paths.
    public static var labelsToCompare: [String] {
        var labels = Self.fixes.map(\.0) + Self.fixes.map(\.1)
        for case let url as URL in FileManager.default.enumerator(at: TestSupport.samples, includingPropertiesForKeys: nil)!
        where url.pathExtension == "menu" {
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            let pieces = text.split(separator: "\"", omittingEmptySubsequences: false)
            for (offset, piece) in pieces.enumerated() where offset % 2 == 1 { labels.append(String(piece)) }
        }
        let words = ["Move", "To", "to", "The", "the", "A", "a", "An", "an", "In", "in", "Into", "Over", "Page", "3d", "42", "iCloud",
                     "PDF", "and", "And", "Log", "Sign", "Up", "up", "With", "Show", "Photo", "Back", "Off", "Of", "Window"]
        var random = SeededGenerator(state: 2026)
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...4, using: &random)
            var label = (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: Bool.random(using: &random) ? " " : "  ")
            if Bool.random(using: &random) { label += "…" }
            if Int.random(in: 0..<8, using: &random) == 0 { label = " " + label }
            labels.append(label)
        }
        return labels
    }
}
