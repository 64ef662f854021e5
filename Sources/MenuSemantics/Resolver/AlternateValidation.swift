import MenuSupport
import MenuSyntax

/// Checks `alternate: true` items once the model is built, when their
/// siblings (spliced ones included) are in place.
///
/// An alternate is an AppKit menu item shown instead of the item before it
/// while a modifier (usually Option) is held: it must follow the item it
/// replaces, in the same section, with that item's key and other modifiers,
/// in a file that targets macOS. A run of alternates replaces the one item
/// before the run, and each needs modifiers of its own.
enum AlternateValidation {
    /// The errors of the written items `alternates` (store indices of items
    /// with `alternate: true`). `targetsMacOS` says whether the file an
    /// element is written in lists macOS among its platforms.
    static func diagnostics(of alternates: [Int32], in store: ModelStore, targetsMacOS: (FileID) -> Bool) -> [Diagnostic] {
        guard !alternates.isEmpty else { return [] }
        let written = Set(alternates)
        var diagnostics: [Diagnostic] = []
        var parents: [Int32] = []
        var seenParents = Set<Int32>()
        for index in alternates {
            let element = Element(store: store, index: Int(index))
            if !targetsMacOS(element.sourceFile) {
                report(Problem(message: "\(element.displayName) is an alternate, which only macOS menus have, and this file's platforms leave out macOS",
                               label: "macOS only", help: "add macOS to the 'platforms' directive, or remove 'alternate: true'"), on: element, to: &diagnostics)
                continue
            }
            // A misplaced item has no parent; its placement is reported already.
            let parent = store.records[Int(index)].parent
            if parent >= 0, seenParents.insert(parent).inserted { parents.append(parent) }
        }
        // One walk over each parent's children: a hostile file may hold
        // thousands of alternates in one menu.
        for parent in parents {
            let parentElement = Element(store: store, index: Int(parent))
            let place = parentElement.kind == .section ? "section" : parentElement.kind.rawValue
            var base: Element?
            var run: [Shortcut: Element] = [:]
            for child in parentElement.children {
                guard isAlternate(child) else {
                    base = child
                    run = [:]
                    continue
                }
                guard written.contains(Int32(child.index)), targetsMacOS(child.sourceFile) else {
                    // Checked where it is written (or reported as macOS only); its modifiers are taken.
                    if let shortcut = child.property(.shortcut)?.value.shortcutValue, run[shortcut] == nil { run[shortcut] = child }
                    continue
                }
                if let problem = problem(of: child, base: base, run: &run, place: place) { report(problem, on: child, to: &diagnostics) }
            }
        }
        return diagnostics
    }

    private static func report(_ problem: Problem, on element: Element, to diagnostics: inout [Diagnostic]) {
        guard let span = element.property(.alternate)?.valueSpan else { return }
        diagnostics.append(.error(.invalidValue, problem.message, at: span, label: problem.label,
                                  secondary: problem.base.map { [LabeledSpan($0.focusSpan, "the item it replaces")] } ?? [],
                                  help: problem.help))
    }

    private struct Problem {
        var message: String
        var label: String
        var base: Element?
        var help: String
    }

    /// What is wrong with alternate `element`, which follows `base` (nil:
    /// it is first) and the alternates of `run` (by shortcut), which it joins.
    private static func problem(of element: Element, base: Element?, run: inout [Shortcut: Element], place: String) -> Problem? {
        let name = element.displayName
        guard let base else {
            return Problem(message: "\(name) is an alternate, so it replaces the item before it, but it is first in its \(place)",
                           label: "nothing to replace", help: "put it directly after the item it replaces, in the same section")
        }
        guard base.kind == .item || base.kind == .toggle else {
            return Problem(message: "\(name) is an alternate, so it replaces the item before it, but it follows \(base.displayName)",
                           label: "no item to replace", base: base, help: "put it directly after the item it replaces")
        }
        let shortcut = element.property(.shortcut)?.value.shortcutValue
        let baseShortcut = base.property(.shortcut)?.value.shortcutValue
        switch (shortcut, baseShortcut) {
        case (nil, nil):
            return nil
        case (let own?, nil):
            return Problem(message: "\(name) is an alternate of \(base.displayName), which has no shortcut, but it has \(own.display)",
                           label: "needs the key of the item it replaces", base: base,
                           help: "an alternate has the key of the item it replaces, with other modifiers; give both a shortcut, or neither")
        case (nil, let other?):
            let suggestion = Shortcut(key: other.key, modifiers: other.modifiers + [.option])
            return Problem(message: "\(name) is an alternate of \(base.displayName), which has \(other.display), but it has no shortcut",
                           label: "needs the key of the item it replaces", base: base,
                           help: "give it the same key with other modifiers" + (suggestion == other ? "" : ", e.g. \"\(suggestion.canonical)\""))
        case (let own?, let other?):
            guard own.key == other.key else {
                return Problem(message: "\(name) is an alternate of \(base.displayName), so it needs the key of \(other.display), but it has \(own.display)",
                               label: "another key", base: base, help: "an alternate has the key of the item it replaces, with other modifiers")
            }
            if let same = own == other ? base : run[own] {
                return Problem(message: "\(name) is an alternate with the same shortcut \(own.display) as \(same.displayName)",
                               label: "same modifiers", base: base, help: "an alternate is chosen by its modifiers: give it others (usually with ⌥)")
            }
            run[own] = element
            return nil
        }
    }

    private static func isAlternate(_ element: Element) -> Bool {
        element.kind == .item && element.flag(.alternate) == true
    }
}
