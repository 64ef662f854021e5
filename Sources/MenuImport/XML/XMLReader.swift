import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// Reads the XML that Interface Builder writes (`.xib`, `.storyboard`):
/// UTF-8 XML 1.0 with elements, attributes, character data, the five
/// predefined entities and character references, CDATA sections, comments
/// and processing instructions.
///
/// Written by hand rather than with Foundation's `XMLParser`, which would
/// load full Foundation (and libxml2) into `menuc` and slow down the start
/// of every other command (docs/import.md has the measurements).
///
/// Hostile input gets a located `Failure`, never a crash, a hang or
/// unbounded memory:
/// - a DOCTYPE is refused, so no entity can be declared: no "billion
///   laughs" expansion, no external entities;
/// - only `&lt; &gt; &amp; &apos; &quot;` and `&#…;` references are read;
/// - the file, each attribute value, each name, the attributes of an
///   element, the elements and their nesting are bounded (`Limits`);
/// - invalid UTF-8 and characters XML forbids are errors with a line and column;
/// - the reader is one loop with an explicit stack: nothing recurses.
package enum XMLReader {
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package var message: String
        /// From 1.
        package var line: Int
        /// From 1, in characters.
        package var column: Int

        package var description: String { "\(line):\(column): \(message)" }
    }

    /// What a file may hold. Interface Builder files of large apps are a
    /// few megabytes, nest a few dozen levels and have attributes of a few
    /// hundred bytes; these bounds are far above that and keep the memory
    /// a hostile file can take to a few hundred megabytes at most.
    package struct Limits: Sendable {
        package var maximumBytes = 64 << 20
        package var maximumDepth = 256
        package var maximumAttributeBytes = 1 << 20
        package var maximumNameBytes = 1_024
        package var maximumAttributesPerElement = 256
        package var maximumElements = 2_000_000

        package init() {}
    }

    package static func read(_ bytes: [UInt8], limits: Limits = Limits()) -> Result<XMLDocument, Failure> {
        var reader = Reader(bytes: bytes, limits: limits)
        do {
            return .success(try reader.run())
        } catch {
            return .failure(error)
        }
    }
}

private struct Reader {
    let bytes: [UInt8]
    let limits: XMLReader.Limits
    var position = 0
    var builder = XMLTreeBuilder()
    /// Names of the open elements, innermost last, with the line each started on.
    var open: [(name: String, line: Int)] = []
    var rootDone = false
    var lines = LineCounter()
    /// Reused for values that need decoding.
    var scratch: [UInt8] = []

    init(bytes: [UInt8], limits: XMLReader.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    // MARK: - Failures

    mutating func failure(_ message: String, at offset: Int) -> XMLReader.Failure {
        let (line, column) = lines.position(of: min(offset, bytes.count), in: bytes)
        return XMLReader.Failure(message: message, line: line, column: column)
    }

    // MARK: - Document

    mutating func run() throws(XMLReader.Failure) -> XMLDocument {
        guard bytes.count <= limits.maximumBytes else {
            throw failure("the file is \(bytes.count / 1_048_576) MiB; menuc reads Interface Builder files up to \(limits.maximumBytes >> 20) MiB", at: 0)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw failure("the file is UTF-16 text; Interface Builder writes UTF-8, and menuc reads only UTF-8 XML", at: 0)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if let problem = UTF8Check.firstProblem(in: bytes, from: position) {
            throw failure(problem.message, at: problem.offset)
        }
        if starts(with: "<?xml"), position + 5 < bytes.count, ASCII.isSpace(bytes[position + 5]) { try readDeclaration() }
        while position < bytes.count {
            if bytes[position] == ASCII.lessThan {
                try readMarkup()
            } else {
                try readText()
            }
        }
        if let innermost = open.last {
            throw failure("the file ends before </\(innermost.name)> (the element opened at line \(innermost.line))", at: bytes.count)
        }
        guard rootDone, let document = builder.finish() else { throw failure("the file holds no XML element", at: bytes.count) }
        return document
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>`: only UTF-8 is read.
    mutating func readDeclaration() throws(XMLReader.Failure) {
        let start = position
        guard let end = find("?>", from: position + 5) else { throw failure("the XML declaration has no closing '?>'", at: start) }
        let text = String(decoding: bytes[(position + 5)..<end], as: UTF8.self)
        if let range = text.firstRange(of: "encoding") {
            let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            let name = rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " }
            if !["utf-8", "utf8"].contains(name.lowercased()) {
                throw failure("the XML declaration names the encoding '\(TextEscaping.visible(String(name)))'; menuc reads only UTF-8", at: start)
            }
        }
        position = end + 2
    }

    mutating func readMarkup() throws(XMLReader.Failure) {
        let start = position
        if starts(with: "<!--") {
            guard let end = find("-->", from: position + 4) else { throw failure("a comment that never ends ('-->' is missing)", at: start) }
            position = end + 3
        } else if starts(with: "<![CDATA[") {
            guard !open.isEmpty else { throw failure("a CDATA section outside the root element", at: start) }
            guard let end = find("]]>", from: position + 9) else { throw failure("a CDATA section that never ends (']]>' is missing)", at: start) }
            appendText(bytes[(position + 9)..<end])
            position = end + 3
        } else if starts(with: "<!DOCTYPE") {
            throw failure("a DOCTYPE declaration: menuc reads no document types and no entity declarations (Interface Builder files have none)", at: start)
        } else if starts(with: "<!") {
            throw failure("'<!' starts neither a comment nor a CDATA section", at: start)
        } else if starts(with: "<?") {
            guard let end = find("?>", from: position + 2) else { throw failure("a processing instruction that never ends ('?>' is missing)", at: start) }
            let target = bytes[(position + 2)..<min(end, position + 5)]
            if target.count == 3, String(decoding: target, as: UTF8.self).lowercased() == "xml",
               position + 5 <= end, position + 5 == end || ASCII.isSpace(bytes[position + 5]) {
                throw failure("the XML declaration must come first in the file", at: start)
            }
            position = end + 2
        } else if starts(with: "</") {
            try readEndTag()
        } else {
            try readStartTag()
        }
    }

    // MARK: - Tags

    mutating func readStartTag() throws(XMLReader.Failure) {
        let start = position
        position += 1
        guard let name = try readName() else { throw failure("'<' is not followed by an element name", at: start) }
        if rootDone { throw failure("a second root element <\(name)>; an XML file has one", at: start) }
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        while true {
            let hadSpace = skipSpaces()
            guard position < bytes.count else { throw failure("the file ends inside the start tag of <\(name)>", at: start) }
            if bytes[position] == ASCII.greaterThan {
                position += 1
                break
            }
            if bytes[position] == ASCII.slash, position + 1 < bytes.count, bytes[position + 1] == ASCII.greaterThan {
                position += 2
                selfClosing = true
                break
            }
            guard hadSpace else { throw failure("expected a space, '>' or '/>' in the start tag of <\(name)>", at: position) }
            let attributeStart = position
            guard let attributeName = try readName() else {
                throw failure("expected an attribute name, '>' or '/>' in the start tag of <\(name)>", at: position)
            }
            skipSpaces()
            guard position < bytes.count, bytes[position] == ASCII.equals else {
                throw failure("expected '=' after the attribute '\(attributeName)' of <\(name)>", at: position)
            }
            position += 1
            skipSpaces()
            let value = try readAttributeValue(of: attributeName, in: name)
            if attributes.contains(where: { $0.name == attributeName }) {
                throw failure("the attribute '\(attributeName)' appears twice on <\(name)>", at: attributeStart)
            }
            guard attributes.count < limits.maximumAttributesPerElement else {
                throw failure("<\(name)> has more than \(limits.maximumAttributesPerElement) attributes", at: attributeStart)
            }
            attributes.append((attributeName, value))
        }
        guard open.count < limits.maximumDepth else {
            throw failure("elements nest more than \(limits.maximumDepth) levels deep", at: start)
        }
        guard builder.elementCount < limits.maximumElements else {
            throw failure("the file holds more than \(limits.maximumElements) elements", at: start)
        }
        let line = lines.line(of: start, in: bytes)
        builder.startElement(name, attributes: attributes, line: line)
        if selfClosing {
            builder.endElement()
            rootDone = open.isEmpty
        } else {
            open.append((name, line))
        }
    }

    mutating func readEndTag() throws(XMLReader.Failure) {
        let start = position
        position += 2
        guard let name = try readName() else { throw failure("'</' is not followed by an element name", at: start) }
        skipSpaces()
        guard position < bytes.count, bytes[position] == ASCII.greaterThan else { throw failure("expected '>' to end </\(name)>", at: position) }
        position += 1
        guard let innermost = open.last else { throw failure("</\(name)> closes no element", at: start) }
        guard innermost.name == name else {
            throw failure("</\(name)> does not close <\(innermost.name)>, opened at line \(innermost.line)", at: start)
        }
        open.removeLast()
        builder.endElement()
        rootDone = open.isEmpty
    }

    /// A name: a letter, `_`, `:` or non-ASCII character, then also digits, `-` and `.`.
    mutating func readName() throws(XMLReader.Failure) -> String? {
        let start = position
        guard position < bytes.count, ASCII.startsName(bytes[position]) else { return nil }
        position += 1
        while position < bytes.count, ASCII.continuesName(bytes[position]) {
            position += 1
            if position - start > limits.maximumNameBytes {
                throw failure("a name longer than \(limits.maximumNameBytes) bytes", at: start)
            }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A quoted value, its references replaced and its line breaks and tabs
    /// made spaces (XML's attribute-value normalization).
    mutating func readAttributeValue(of attribute: String, in element: String) throws(XMLReader.Failure) -> String {
        guard position < bytes.count, bytes[position] == ASCII.quote || bytes[position] == ASCII.apostrophe else {
            throw failure("the value of '\(attribute)' on <\(element)> must be in quotes", at: position)
        }
        let quote = bytes[position]
        let start = position
        position += 1
        let valueStart = position
        var plain = true
        while position < bytes.count, bytes[position] != quote {
            let byte = bytes[position]
            if byte == ASCII.lessThan { throw failure("'<' inside the value of '\(attribute)' (write &lt;)", at: position) }
            if byte == ASCII.ampersand || byte == ASCII.tab || byte == ASCII.newline || byte == ASCII.carriageReturn { plain = false }
            position += 1
            if position - valueStart > limits.maximumAttributeBytes {
                throw failure("the value of '\(attribute)' on <\(element)> is longer than \(limits.maximumAttributeBytes >> 20) MiB", at: start)
            }
        }
        guard position < bytes.count else { throw failure("the value of '\(attribute)' on <\(element)> never ends (its closing quote is missing)", at: start) }
        let end = position
        position += 1
        if plain { return String(decoding: bytes[valueStart..<end], as: UTF8.self) }
        var output = takeScratch()
        defer { scratch = output }
        var index = valueStart
        while index < end {
            let byte = bytes[index]
            switch byte {
            case ASCII.ampersand:
                index = try appendReference(at: index, to: &output)
                continue
            case ASCII.carriageReturn:
                output.append(ASCII.space)
                if index + 1 < end, bytes[index + 1] == ASCII.newline { index += 1 }
            case ASCII.tab, ASCII.newline:
                output.append(ASCII.space)
            default:
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: - Text

    mutating func readText() throws(XMLReader.Failure) {
        let start = position
        var end = position
        while end < bytes.count, bytes[end] != ASCII.lessThan { end += 1 }
        defer { position = end }
        guard !open.isEmpty else {
            if let offset = (start..<end).first(where: { !ASCII.isSpace(bytes[$0]) }) {
                throw failure(rootDone ? "text after the root element" : "text before the root element", at: offset)
            }
            return
        }
        // References are checked even where the text is not kept.
        let keep = builder.keepsText
        var output = takeScratch()
        defer { scratch = output }
        var index = start
        while index < end {
            let byte = bytes[index]
            switch byte {
            case ASCII.ampersand:
                index = try appendReference(at: index, to: &output)
                continue
            case ASCII.carriageReturn:
                if keep { output.append(ASCII.newline) }
                if index + 1 < end, bytes[index + 1] == ASCII.newline { index += 1 }
            default:
                if keep { output.append(byte) }
            }
            index += 1
        }
        if keep { builder.characters(output) }
    }

    /// The reused buffer, emptied (handed back by assigning it).
    mutating func takeScratch() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &scratch)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    mutating func appendText(_ raw: ArraySlice<UInt8>) {
        guard builder.keepsText else { return }
        var output = takeScratch()
        defer { scratch = output }
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == ASCII.carriageReturn {
                output.append(ASCII.newline)
                if index + 1 < raw.endIndex, raw[index + 1] == ASCII.newline { index += 1 }
            } else {
                output.append(byte)
            }
            index += 1
        }
        builder.characters(output)
    }

    /// Appends the character `&…;` at `start` stands for; returns the offset after it.
    mutating func appendReference(at start: Int, to output: inout [UInt8]) throws(XMLReader.Failure) -> Int {
        // The longest reference read is `&#x10FFFF;` or `&#1114111;`.
        var end = start + 1
        while end < bytes.count, end - start <= 12, bytes[end] != ASCII.semicolon { end += 1 }
        guard end < bytes.count, bytes[end] == ASCII.semicolon else {
            throw failure("'&' starts no reference (write &amp; for '&')", at: start)
        }
        let name = bytes[(start + 1)..<end]
        let scalar: Unicode.Scalar?
        switch String(decoding: name, as: UTF8.self) {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "apos": scalar = "'"
        case "quot": scalar = "\""
        case let text where text.hasPrefix("#x"):
            scalar = Self.characterReference(text.dropFirst(2), radix: 16)
            if scalar == nil { throw failure("'&\(text);' is not a character XML allows", at: start) }
        case let text where text.hasPrefix("#"):
            scalar = Self.characterReference(text.dropFirst(), radix: 10)
            if scalar == nil { throw failure("'&\(text);' is not a character XML allows", at: start) }
        case let text:
            throw failure("unknown entity '&\(TextEscaping.visible(text));': menuc reads only &lt; &gt; &amp; &apos; &quot; and character references", at: start)
        }
        if let scalar { output.append(contentsOf: String(Character(scalar)).utf8) }
        return end + 1
    }

    /// The scalar of `&#…;` digits, when XML allows it as a character.
    static func characterReference(_ digits: Substring, radix: Int) -> Unicode.Scalar? {
        guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: radix), UTF8Check.isXMLCharacter(value) else { return nil }
        return Unicode.Scalar(value)
    }

    // MARK: - Scanning

    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[position + offset] != expected[offset] { return false }
            return true
        }
    }

    /// The offset of the first `text` at or after `from`.
    func find(_ text: StaticString, from: Int) -> Int? {
        text.withUTF8Buffer { pattern -> Int? in
            guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
            var index = from
            let last = bytes.count - pattern.count
            while index <= last {
                if bytes[index] == first {
                    var matches = true
                    for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] {
                        matches = false
                        break
                    }
                    if matches { return index }
                }
                index += 1
            }
            return nil
        }
    }

    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = position
        while position < bytes.count, ASCII.isSpace(bytes[position]) { position += 1 }
        return position > start
    }
}

/// Lines and columns of byte offsets, counted forward from the last one
/// asked (elements are asked in order, so a file is counted once).
struct LineCounter {
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    /// The line of `target`: asked for every element, so it only counts
    /// line breaks from the last offset asked.
    mutating func line(of target: Int, in bytes: [UInt8]) -> Int {
        if target < offset { self = LineCounter() }
        while offset < target {
            // A line ends at a line feed, a carriage return, or both together.
            let byte = bytes[offset]
            if byte == ASCII.carriageReturn || (byte == ASCII.newline && (offset == 0 || bytes[offset - 1] != ASCII.carriageReturn)) {
                line += 1
            }
            if byte == ASCII.carriageReturn || byte == ASCII.newline { lineStart = offset + 1 }
            offset += 1
        }
        return line
    }

    /// The line and column of `target`, for a failure: the column is counted
    /// only here, as counting it for every element of a file written on one
    /// line would take time growing with the square of its length.
    mutating func position(of target: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let line = line(of: target, in: bytes)
        // Columns count characters: UTF-8 continuation bytes don't start one.
        let column = bytes[lineStart..<target].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (line, column)
    }
}

enum ASCII {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let ampersand = UInt8(ascii: "&")
    static let semicolon = UInt8(ascii: ";")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let slash = UInt8(ascii: "/")
    static let equals = UInt8(ascii: "=")

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == newline || byte == tab || byte == carriageReturn
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    static func startsName(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    static func continuesName(_ byte: UInt8) -> Bool {
        startsName(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
