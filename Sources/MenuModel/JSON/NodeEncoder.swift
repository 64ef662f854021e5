/// The `Encoder` behind ``OrderedJSONEncoder``: every container writes
/// into a ``JSONNode``, objects remembering the order of their keys.
struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(node: node, codingPath: codingPath)
    }
}

/// A key for positions in arrays and for `super`.
private struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        node.member(key.stringValue).content = .scalar("null")
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.member(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath + [IndexKey(stringValue: "super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private var nextKey: IndexKey { IndexKey(intValue: node.count) }

    mutating func encodeNil() throws {
        node.appendElement().content = .scalar("null")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [nextKey]
        try node.appendElement().store(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [nextKey]
        let child = node.appendElement()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [nextKey]
        let child = node.appendElement()
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [nextKey]
        return NodeEncoder(node: node.appendElement(), codingPath: path)
    }
}

struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        node.content = .scalar("null")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.store(value, codingPath: codingPath)
    }
}
