import Foundation

/// A parsed JSON value that tells booleans from numbers (Foundation's
/// `NSNumber` doesn't), for comparing JSON texts as data.
public enum JSONTree: Equatable, Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONTree]), object([String: JSONTree])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let text = try? container.decode(String.self) { self = .string(text) }
        else if let array = try? container.decode([JSONTree].self) { self = .array(array) }
        else { self = .object(try container.decode([String: JSONTree].self)) }
    }

    public static func parse(_ data: Data) throws -> JSONTree {
        try JSONDecoder().decode(JSONTree.self, from: data)
    }
}
