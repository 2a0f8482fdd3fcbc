extension Ref: Codable where Target.ID: Codable {
    /// Encodes the referenced id, as JSON holds a reference.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }

    /// Decodes a referenced id.
    public init(from decoder: any Decoder) throws {
        self.init(id: try decoder.singleValueContainer().decode(Target.ID.self))
    }
}
