@_spi(MenuPipeline) import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// What a file's language errors leave the rules unable to read.
///
/// A language error makes the meaning around it incomplete, so rules must
/// not judge it; but a file being written in an editor nearly always holds
/// an error somewhere, and the declarations the error is not in are as
/// complete as in a clean file. So each top-level element that holds an
/// error is left out, and the others are checked. An error in the file's
/// directives (platforms, imports) changes what every declaration means,
/// and an error past the listed ones is somewhere unknown: either leaves
/// the whole file out.
enum IncompleteDeclarations {
    case none
    case wholeFile
    /// Byte ranges of the top-level elements with errors, ascending.
    case elements([Range<Int>], in: FileID)

    init(errors: [Diagnostic], in file: CheckedFile) {
        let own = errors.filter { $0.severity == .error && $0.span.file == file.source.id }
        guard !own.isEmpty else {
            self = .none
            return
        }
        let syntax = file.syntax
        var directives: [Span] = syntax.imports.map(\.span)
        if let platforms = syntax.platforms { directives.append(platforms.span) }
        if let language = syntax.language { directives.append(language.span) }
        let tree = syntax.tree
        // Top-level elements in source order, so an error's element is found
        // by binary search; each range made when the search reads it (a list
        // of them all took 16 bytes a declaration, for a file's one error).
        let elements = tree.topLevel.lazy.map { index -> Range<Int> in
            let range = tree.span(ofElement: Int(index))
            return Int(range.start)..<Int(range.end)
        }
        var tainted = Set<Int>()
        for error in own {
            // Past the listed errors, or past the splice budget of the files, what is missing is anywhere.
            if error.id == LanguageErrorID.tooManyErrors.rawValue || error.id == LanguageErrorID.spliceTooLarge.rawValue {
                self = .wholeFile
                return
            }
            let offset = error.span.start
            if directives.contains(where: { $0.start <= offset && offset < max($0.end, $0.start + 1) }) { self = .wholeFile; return }
            // Junk between top-level elements was skipped by the parser and belongs to none of them.
            if let position = Self.element(containing: offset, in: elements) { tainted.insert(position) }
        }
        self = .elements(tainted.sorted().map { elements[$0] }, in: file.source.id)
    }

    /// The position of the element whose range holds `offset` (an error
    /// at an element's end, such as a missing `}`, belongs to it too).
    private static func element<Ranges: RandomAccessCollection<Range<Int>>>(containing offset: Int, in elements: Ranges) -> Int? where Ranges.Index == Int {
        var (low, high) = (elements.startIndex, elements.endIndex)
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > elements.startIndex else { return nil }
        let candidate = elements[low - 1]
        return offset <= candidate.upperBound ? low - 1 : nil
    }

    /// Whether `span` (of this file) lies in an element left out.
    func excludes(_ span: Span) -> Bool {
        switch self {
        case .none: false
        case .wholeFile: true
        case .elements(let ranges, let file):
            span.file == file && ranges.contains { $0.lowerBound <= span.start && span.start <= $0.upperBound }
        }
    }
}
