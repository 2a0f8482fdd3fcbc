/// The elements of an array that holds one kind of scalar only, as a Swift array of it.
///
/// `JSONEncoder` writes an `[Int64]`, a `[String]` or a `[Double]` straight to bytes, where
/// an unkeyed container costs a call and a boxed value per element; other encoders write
/// the Swift array as they write the elements one by one, so the output is the same.
enum ScalarArray {
    case integers([Int64])
    case strings([String])
    case doubles([Double])

    /// The elements as one scalar type, or `nil` when the array is empty or mixes kinds
    /// (or holds objects, arrays, booleans or `null`).
    init?(_ elements: [ModelValue]) {
        switch elements.first {
        case .int?:
            guard let integers = Self.gather(elements, { if case .int(let value) = $0 { value } else { nil } })
            else { return nil }
            self = .integers(integers)
        case .string?:
            guard let strings = Self.gather(elements, { if case .string(let value) = $0 { value } else { nil } })
            else { return nil }
            self = .strings(strings)
        case .double?:
            guard let doubles = Self.gather(elements, { if case .double(let value) = $0 { value } else { nil } })
            else { return nil }
            self = .doubles(doubles)
        default:
            return nil
        }
    }

    /// Each element's scalar, or `nil` as soon as one is of another kind.
    private static func gather<Scalar>(_ elements: [ModelValue], _ scalar: (ModelValue) -> Scalar?) -> [Scalar]? {
        var scalars: [Scalar] = []
        scalars.reserveCapacity(elements.count)
        for element in elements {
            guard let value = scalar(element) else { return nil }
            scalars.append(value)
        }
        return scalars
    }

    /// Encodes the array under `key`.
    func encode(forKey key: AnyCodingKey, into container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        switch self {
        case .integers(let integers): try container.encode(integers, forKey: key)
        case .strings(let strings): try container.encode(strings, forKey: key)
        case .doubles(let doubles): try container.encode(doubles, forKey: key)
        }
    }

    /// Encodes the array as the next element.
    func encode(into container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .integers(let integers): try container.encode(integers)
        case .strings(let strings): try container.encode(strings)
        case .doubles(let doubles): try container.encode(doubles)
        }
    }
}
