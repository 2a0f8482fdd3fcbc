/// A coding key for any string, so objects keep every key they carry. Public for the
/// decoding requirements of ``ModelValueRepresentable``; not user API.
///
/// It is three words wide, so it fits an existential's inline buffer: Foundation's coders
/// pass every key as `any CodingKey` (`allKeys`, coding paths, key conversion), and a
/// wider key would be boxed on the heap each time.
public struct _AnyCodingKey: CodingKey, Sendable {
    /// The key.
    public let stringValue: String
    /// The index of an array element, or ``noIndex``.
    private let index: Int

    /// What ``index`` holds for an object member: array indices are never negative.
    private static let noIndex = Int.min

    /// A key for an object member.
    public init(stringValue: String) {
        self.stringValue = stringValue
        self.index = Self.noIndex
    }

    /// A key for an array element.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.index = intValue
    }

    /// The index, for an array element.
    public var intValue: Int? {
        index == Self.noIndex ? nil : index
    }
}

typealias AnyCodingKey = _AnyCodingKey
