import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// An XML document: its elements in document order, stored flat — one
/// small record per element, attributes and texts in side arrays — so that
/// a large or hostile file costs a few words per element, not an object.
///
/// Only what Interface Builder files need is kept: element names,
/// attributes in the order written, the line each element starts on, and
/// the character data of elements that hold no elements (`<string
/// key="title">…</string>`). Comments and processing instructions are gone.
package final class XMLDocument: Sendable {
    struct Record: Sendable {
        var name: UInt32
        var firstAttribute: UInt32
        var attributeCount: UInt32
        var parent: Int32
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        var line: UInt32
        /// Index into `texts`, or -1: the character data of an element without child elements.
        var text: Int32 = -1
    }

    struct Attribute: Sendable {
        var name: UInt32
        var value: String
    }

    let records: [Record]
    let names: [String]
    let attributes: [Attribute]
    let texts: [String]

    init(records: [Record], names: [String], attributes: [Attribute], texts: [String]) {
        self.records = records
        self.names = names
        self.attributes = attributes
        self.texts = texts
    }

    /// The root element; a document always has one.
    package var root: XMLElement { XMLElement(document: self, index: 0) }

    /// Number of elements.
    package var elementCount: Int { records.count }
}

/// An element of an `XMLDocument`: a handle (the document and a position).
package struct XMLElement: Sendable {
    package let document: XMLDocument
    let index: Int

    init(document: XMLDocument, index: Int) {
        self.document = document
        self.index = index
    }

    private var record: XMLDocument.Record { document.records[index] }

    package var name: String { document.names[Int(record.name)] }

    /// The line (from 1) of the `<` that starts the element.
    package var line: Int { Int(record.line) }

    package func attribute(_ name: String) -> String? {
        let record = record
        let first = Int(record.firstAttribute)
        for position in first..<(first + Int(record.attributeCount)) where document.names[Int(document.attributes[position].name)] == name {
            return document.attributes[position].value
        }
        return nil
    }

    /// Attributes in the order written.
    package var attributes: [(name: String, value: String)] {
        let record = record
        let first = Int(record.firstAttribute)
        return document.attributes[first..<(first + Int(record.attributeCount))].map { (document.names[Int($0.name)], $0.value) }
    }

    /// The child elements, in order.
    package var children: [XMLElement] {
        var result: [XMLElement] = []
        var child = record.firstChild
        while child >= 0 {
            result.append(XMLElement(document: document, index: Int(child)))
            child = document.records[Int(child)].nextSibling
        }
        return result
    }

    /// The first child element with this name and, when given, this `key` attribute.
    package func child(_ name: String, key: String? = nil) -> XMLElement? {
        var child = record.firstChild
        while child >= 0 {
            let element = XMLElement(document: document, index: Int(child))
            if element.name == name, key == nil || element.attribute("key") == key { return element }
            child = document.records[Int(child)].nextSibling
        }
        return nil
    }

    package var parent: XMLElement? {
        let parent = record.parent
        return parent >= 0 ? XMLElement(document: document, index: Int(parent)) : nil
    }

    /// The character data of an element that holds no elements ("" otherwise).
    package var text: String {
        let text = record.text
        return text >= 0 ? document.texts[Int(text)] : ""
    }

    /// Every element below this one, depth first, in document order (no recursion).
    package var descendants: [XMLElement] {
        var result: [XMLElement] = []
        var stack = children.reversed() as [XMLElement]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: next.children.reversed())
        }
        return result
    }
}

/// Builds an `XMLDocument` from the events of a reader: start tags, text,
/// end tags. The reader checks well-formedness; the builder only records.
package struct XMLTreeBuilder {
    private var records: [XMLDocument.Record] = []
    private var names: [String] = []
    private var nameIndex: [String: UInt32] = [:]
    private var attributes: [XMLDocument.Attribute] = []
    private var texts: [String] = []
    /// The open elements, innermost last: index, last child so far, whether it holds elements.
    private var open: [(index: Int32, lastChild: Int32, holdsElements: Bool)] = []
    private var pendingText: [UInt8] = []

    package init() {}

    /// Number of elements started so far.
    package var elementCount: Int { records.count }
    /// Number of elements open now.
    package var depth: Int { open.count }
    /// Whether text now is kept: only an element that holds no elements keeps its text.
    package var keepsText: Bool { open.last.map { !$0.holdsElements } ?? false }

    private mutating func intern(_ name: String) -> UInt32 {
        if let known = nameIndex[name] { return known }
        let index = UInt32(names.count)
        names.append(name)
        nameIndex[name] = index
        return index
    }

    package mutating func startElement(_ name: String, attributes written: [(name: String, value: String)], line: Int) {
        let index = Int32(records.count)
        let parent = open.last?.index ?? -1
        if !open.isEmpty {
            let position = open.count - 1
            if open[position].lastChild >= 0 {
                records[Int(open[position].lastChild)].nextSibling = index
            } else {
                records[Int(open[position].index)].firstChild = index
            }
            open[position].lastChild = index
            open[position].holdsElements = true
        }
        pendingText.removeAll(keepingCapacity: true)
        let firstAttribute = UInt32(attributes.count)
        for attribute in written { attributes.append(XMLDocument.Attribute(name: intern(attribute.name), value: attribute.value)) }
        records.append(XMLDocument.Record(name: intern(name), firstAttribute: firstAttribute, attributeCount: UInt32(written.count),
                                          parent: parent, line: UInt32(clamping: line)))
        open.append((index, -1, false))
    }

    /// Character data of the innermost open element (ignored unless `keepsText`).
    package mutating func characters<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        guard keepsText else { return }
        pendingText.append(contentsOf: bytes)
    }

    package mutating func characters(_ text: String) { characters(text.utf8) }

    package mutating func endElement() {
        guard let closing = open.popLast() else { return }
        if !closing.holdsElements, !pendingText.isEmpty {
            records[Int(closing.index)].text = Int32(texts.count)
            texts.append(String(decoding: pendingText, as: UTF8.self))
        }
        pendingText.removeAll(keepingCapacity: true)
    }

    /// The document; nil when no element was started.
    package func finish() -> XMLDocument? {
        guard !records.isEmpty else { return nil }
        return XMLDocument(records: records, names: names, attributes: attributes, texts: texts)
    }
}
