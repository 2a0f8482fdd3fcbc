/// One JSON-shaped value held in a model's storage.
///
/// Generated models keep everything they decode as `ModelValue`s inside a
/// ``ModelDictionary``, so keys a model does not declare survive a round trip.
/// Typed getters convert on access; the validating initializers check each
/// declared field once, up front.
///
/// ```swift
/// let value: ModelValue = ["name": "Ada", "tags": ["a", "b"], "age": 36]
/// value["name"]          // .string("Ada")
/// value["tags"]?[1]      // .string("b")
/// ```
public enum ModelValue: Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in `Int64`.
    case int(Int64)
    /// An integer above `Int64.max`; smaller values always use ``int(_:)``.
    case uint(UInt64)
    /// A number with a fraction or an exponent, or an integer outside the integer ranges,
    /// whose shortest form as a `Double` writes back the same value.
    case double(Double)
    /// A number no other case holds exactly (`1e-400`, thirty digits), kept as its text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An ordered list of values.
    case array([ModelValue])
    /// A JSON object.
    case object(ModelDictionary)
}

/// Any JSON value; the schema type `JSON` maps to it.
public typealias JSON = ModelValue

extension ModelValue {
    /// A short name of the value's JSON kind, used in error messages: `"string"`, `"number"`, …
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int, .uint, .double, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The value of the key in an object, or `nil` for other kinds and missing keys.
    public subscript(key: String) -> ModelValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` of an array, or `nil` for other kinds and out-of-range indices.
    public subscript(index: Int) -> ModelValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// Whether the value is JSON `null`.
    @inlinable
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Makes an integer value, choosing ``int(_:)`` or ``uint(_:)`` by magnitude.
    @inlinable
    public static func integer(_ value: UInt64) -> ModelValue {
        value <= UInt64(Int64.max) ? .int(Int64(value)) : .uint(value)
    }
}

extension ModelValue: CustomStringConvertible {
    /// The value as compact JSON text, such as `{"unread":3}`.
    public var description: String {
        (try? jsonString()) ?? "\(self.debugDescription)"
    }
}

extension ModelValue: CustomDebugStringConvertible {
    /// The case and its payload, such as `.int(3)`; non-finite doubles show as they are.
    ///
    /// Arrays and objects being described wait on a stack of frames, not on the call stack,
    /// so values nested as deeply as the reader allows are described on any thread.
    public var debugDescription: String {
        var text = ""
        var frames: [(keys: [String], values: ContainerValues, written: Int)] = []
        var value = self
        while true {
            switch value {
            case .null: text += ".null"
            case .bool(let value): text += ".bool(\(value))"
            case .int(let value): text += ".int(\(value))"
            case .uint(let value): text += ".uint(\(value))"
            case .double(let value): text += ".double(\(value))"
            case .number(let value): text += ".number(\(value.text))"
            case .string(let value): text += ".string(\(value.debugDescription))"
            case .array(let elements):
                text += ".array(["
                frames.append(([], .array(elements), 0))
            case .object(let object):
                text += ".object(["
                frames.append((object.storedKeys, .object(object), 0))
            }
            // Close what is complete, then start the next element of the innermost container.
            var next: ModelValue?
            while next == nil, let last = frames.indices.last {
                let index = frames[last].written
                guard index < frames[last].values.count else {
                    text += "])"
                    frames.removeLast()
                    continue
                }
                frames[last].written += 1
                if index > 0 { text += ", " }
                if !frames[last].keys.isEmpty { text += frames[last].keys[index].debugDescription + ": " }
                next = frames[last].values[index]
            }
            guard let next else { return text }
            value = next
        }
    }
}

extension ModelDictionary: CustomStringConvertible {
    /// The dictionary as compact JSON text.
    public var description: String { ModelValue.object(self).description }
}
