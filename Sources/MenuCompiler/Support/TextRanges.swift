/// Text-range helpers for fix-its.
enum TextRanges {
    /// The span to delete so that removing `span` leaves tidy text: with the
    /// blank space before it on the same line, and a whole line when it was
    /// alone on it; a following `;` goes with it.
    static func removalSpan(for span: Span, in file: SourceFile) -> Span {
        let bytes = file.bytes
        var start = span.start
        var end = span.end
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        var after = end
        while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: ";") {
            end = after + 1
            // "a; b" → "a" or "b": drop the separator and one side's blanks.
            return Span(file: span.file, start: start == 0 || bytes[start - 1] == 0x0A ? span.start : start, end: end)
        }
        let lineStart = start == 0 || bytes[start - 1] == 0x0A
        let lineEnd = after >= bytes.count || bytes[after] == 0x0A || bytes[after] == 0x0D
        if lineStart, lineEnd {
            // Alone on its line: remove the line and its break.
            if after < bytes.count, bytes[after] == 0x0D { after += 1 }
            if after < bytes.count, bytes[after] == 0x0A { after += 1 }
            return Span(file: span.file, start: start, end: after)
        }
        if !lineStart, start > 0, bytes[start - 1] == UInt8(ascii: ";") {
            // "a; b" removing b → "a"
            return Span(file: span.file, start: start - 1, end: end)
        }
        return Span(file: span.file, start: start, end: end)
    }
}

extension String {
    /// Whether `needle`'s exact UTF-8 bytes occur in this string. Cheaper
    /// than Foundation's `contains(_:)`, which builds a search per call, and
    /// exact: no Unicode equivalence, which rule triggers don't want anyway.
    func containsBytes(of needle: String) -> Bool {
        let needle = Array(needle.utf8)
        guard let first = needle.first else { return true }
        let haystack = Array(utf8)
        guard haystack.count >= needle.count else { return false }
        var start = 0
        while start <= haystack.count - needle.count {
            if haystack[start] == first, haystack[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// Every non-overlapping occurrence of `needle`'s exact UTF-8 bytes,
    /// left to right, replaced by `replacement`: `replacingOccurrences(of:with:)`
    /// without Foundation, byte-exact like `containsBytes(of:)`.
    func replacingBytes(of needle: String, with replacement: String) -> String {
        let needle = Array(needle.utf8)
        guard !needle.isEmpty else { return self }
        let haystack = Array(utf8)
        var result: [UInt8] = []
        result.reserveCapacity(haystack.count)
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count, haystack[index..<index + needle.count].elementsEqual(needle) {
                result.append(contentsOf: replacement.utf8)
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
