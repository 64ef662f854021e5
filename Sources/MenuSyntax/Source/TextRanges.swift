import MenuSupport

/// Text-range helpers for fix-its.
package enum TextRanges {
    /// The span to delete so that removing `span` leaves tidy text: with the
    /// blank space before it on the same line, and a whole line when it was
    /// alone on it; a following `;` goes with it.
    package static func removalSpan(for span: Span, in file: SourceFile) -> Span {
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
    package func containsBytes(of needle: String) -> Bool {
        var (haystack, needle) = (self, needle)
        return haystack.withUTF8 { haystack in
            needle.withUTF8 { needle in String.offset(of: needle, in: haystack, from: 0) != nil }
        }
    }

    /// Every non-overlapping occurrence of `needle`'s exact UTF-8 bytes,
    /// left to right, replaced by `replacement`: `replacingOccurrences(of:with:)`
    /// without Foundation, byte-exact like `containsBytes(of:)`.
    package func replacingBytes(of needle: String, with replacement: String) -> String {
        guard !needle.isEmpty else { return self }
        var (haystack, needle) = (self, needle)
        return haystack.withUTF8 { haystack in
            needle.withUTF8 { needle in
                var result: [UInt8] = []
                result.reserveCapacity(haystack.count)
                var copied = 0
                while let found = String.offset(of: needle, in: haystack, from: copied) {
                    result.append(contentsOf: haystack[copied..<found])
                    result.append(contentsOf: replacement.utf8)
                    copied = found + needle.count
                }
                result.append(contentsOf: haystack[copied...])
                return String(decoding: result, as: UTF8.self)
            }
        }
    }

    /// The offset of the first occurrence of `needle` in `haystack` at or
    /// after `start`; an empty needle is found at `start`.
    private static func offset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first else { return start }
        var candidate = start
        while candidate + needle.count <= haystack.count {
            if haystack[candidate] == first, haystack[candidate..<candidate + needle.count].elementsEqual(needle) { return candidate }
            candidate += 1
        }
        return nil
    }
}
