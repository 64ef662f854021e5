/// A resolved property value.
///
/// Enumeration values (`style: filled`) and references (`default: notes`)
/// are identifiers in the source and strings here, as in the JSON; the
/// typed views (``MenuElement/button`` and the like) read them as enums.
public enum PropertyValue: Sendable, Hashable {
    /// Text, an enumeration case, or an identifier.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// A number (points); integral values encode without a fraction (`44`).
    case number(Double)
    /// A normalized keyboard shortcut.
    case shortcut(KeyboardShortcut)
    /// A list of values (reserved: no property takes one yet).
    case list([PropertyValue])

    /// The text, when the value is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The flag, when the value is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, when the value is one.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The shortcut, when the value is one.
    public var shortcutValue: KeyboardShortcut? {
        if case .shortcut(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is a list.
    public var listValue: [PropertyValue]? {
        if case .list(let values) = self { return values }
        return nil
    }
}

extension PropertyValue: Codable {
    /// Encodes as the plain JSON value: a string, boolean, number, shortcut
    /// object or array. Integral numbers are written as integers (`44`).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let number):
            var container = encoder.singleValueContainer()
            // Whole numbers as integers, so `44` never becomes `44.0`.
            if number.rounded() == number, abs(number) < 1e15 {
                try container.encode(Int64(number))
            } else {
                try container.encode(number)
            }
        case .shortcut(let shortcut):
            try shortcut.encode(to: encoder)
        case .list(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        }
    }

    /// Decodes any JSON value the JSON backend writes for a property.
    public init(from decoder: any Decoder) throws {
        try MenuDocument.checkNesting(of: decoder)
        if let container = try? decoder.singleValueContainer() {
            if let text = try? container.decode(String.self) { self = .string(text); return }
            if let flag = try? container.decode(Bool.self) { self = .bool(flag); return }
            if let number = try? container.decode(Double.self) { self = .number(number); return }
        }
        if let shortcut = try? KeyboardShortcut(from: decoder) { self = .shortcut(shortcut); return }
        if var container = try? decoder.unkeyedContainer() {
            var values: [PropertyValue] = []
            while !container.isAtEnd { values.append(try container.decode(PropertyValue.self)) }
            self = .list(values)
            return
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "expected a string, boolean, number, shortcut or list"))
    }
}
