import Etch
import Foundation

/// A `Decoder` over a ``ModelValue`` tree, written the way many third-party decoders are
/// (MessagePack, CSV, configuration formats): its keyed containers make a key for every key of
/// an object with `Key(stringValue:)!`, and answer `contains(_:)` by searching `allKeys`.
///
/// Foundation's decoders leave out the keys a key type cannot make, and find a key by name;
/// this one does neither, so a model decoded through it must list every key.
struct ValueTreeDecoder: Decoder {
    let value: ModelValue
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Decodes a `T` from the JSON text, read into a value tree by Etch's reader.
    static func decode<T: Decodable>(_: T.Type, from json: String) throws -> T {
        try T(from: ValueTreeDecoder(value: try ModelValue(jsonString: json)))
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(Keyed<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return Unkeyed(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value)"))
    }

    /// A scalar of the kinds a value tree holds, or a nested value by its own `init(from:)`.
    func decodeValue<T: Decodable>(_: T.Type) throws -> T {
        switch value {
        case .bool(let bool) where T.self == Bool.self: return bool as! T
        case .string(let string) where T.self == String.self: return string as! T
        case .int(let int):
            if T.self == Int.self { return Int(int) as! T }
            if T.self == Int64.self { return int as! T }
            if T.self == UInt64.self, int >= 0 { return UInt64(int) as! T }
            if T.self == Double.self { return Double(int) as! T }
        case .uint(let uint):
            if T.self == UInt64.self { return uint as! T }
            if T.self == Double.self { return Double(uint) as! T }
        case .double(let double) where T.self == Double.self: return double as! T
        default: break
        }
        if [Bool.self, String.self, Int.self, Int64.self, UInt64.self, Double.self].contains(where: { $0 == T.self }) {
            throw mismatch("\(T.self)")
        }
        return try T(from: self)
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: ModelDictionary
        let codingPath: [any CodingKey]

        var allKeys: [Key] { object.keys.map { Key(stringValue: $0)! } }

        func contains(_ key: Key) -> Bool { allKeys.contains { $0.stringValue == key.stringValue } }

        func decoder(for key: Key) throws -> ValueTreeDecoder {
            guard contains(key), let value = object[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no such key"))
            }
            return ValueTreeDecoder(value: value, codingPath: codingPath + [key])
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try decoder(for: key).value { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder(for: key).decodeValue(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try decoder(for: key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder(for: key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { ValueTreeDecoder(value: .object(object), codingPath: codingPath) }

        func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [ModelValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        mutating func next() throws -> ValueTreeDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "at end"))
            }
            defer { currentIndex += 1 }
            return ValueTreeDecoder(value: elements[currentIndex], codingPath: codingPath)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, case .null = elements[currentIndex] else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next().unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: ValueTreeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool {
            if case .null = decoder.value { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
    }
}
