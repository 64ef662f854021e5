import Foundation

extension MenuDocument {
    /// Reads a document from what `menuc build --emit json` writes.
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(MenuDocument.self, from: jsonData)
    }

    /// The document as JSON, byte for byte as `menuc build --emit json`
    /// writes it for the same source (keys in the backend's order).
    /// Throws only for a number that JSON can't hold (infinity, NaN).
    public func jsonText() throws -> String {
        try OrderedJSONEncoder().encodeToString(self)
    }
}
