/// A JSON number kept as the text it arrived in, because no other ``ModelValue`` case holds
/// its exact value.
///
/// The reader makes one for an integer beyond `Int64` and `UInt64`
/// (`123456789012345678901234567890`), for more digits than a `Double` keeps
/// (`0.1000000000000000055511151231257827`), and for a value below a `Double`'s range
/// (`1e-400`). Writing it writes the text back as it came, so a server's number survives a
/// round trip through an app that does not declare it. Every other number is an
/// ``ModelValue/int(_:)``, ``ModelValue/uint(_:)`` or ``ModelValue/double(_:)``, which
/// write back the same value; so a `.number` never equals a value of another case.
///
/// ```swift
/// let value = try ModelValue(jsonString: "[1e-400]")
/// value[0]                 // .number(1e-400)
/// try value.jsonString()   // "[1e-400]"
/// ```
public struct JSONNumber: Sendable {
    /// Holds the text and its nearest `Double` in one reference, so a ``ModelValue`` stays small.
    @usableFromInline
    final class Storage: Sendable {
        let text: String
        @usableFromInline let double: Double

        init(text: String, double: Double) {
            self.text = text
            self.double = double
        }
    }

    @usableFromInline let storage: Storage

    init(text: String, double: Double) {
        storage = Storage(text: text, double: double)
    }

    /// The number's JSON text, exactly as it arrived.
    public var text: String { storage.text }

    /// The nearest `Double`: `0` below its range, and a rounded value for long mantissas.
    @inlinable
    public var doubleValue: Double { storage.double }
}

extension JSONNumber {
    /// The text for an error message: at most 40 characters, cut with an ellipsis.
    @usableFromInline
    var shortText: String { Self.shortened(text) }

    /// `text` cut to 40 characters with an ellipsis, so that an error message about a huge
    /// number stays short.
    static func shortened(_ text: String) -> String {
        text.utf8.count <= 40 ? text : String(decoding: text.utf8.prefix(39), as: UTF8.self) + "…"
    }
}

extension JSONNumber: Hashable {
    /// Numbers are equal when their values are: `1.50000000000000000001` and
    /// `15.0000000000000000001e-1` are equal.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.storage === rhs.storage || DecimalText(lhs.text) == DecimalText(rhs.text)
    }

    /// Hashes the value, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(DecimalText(text))
    }
}

extension JSONNumber: CustomStringConvertible {
    /// The number's JSON text.
    public var description: String { text }
}

extension ModelValue {
    /// Makes the value of a number's JSON text: ``int(_:)`` or ``uint(_:)`` for an integer
    /// they hold, ``double(_:)`` when the `Double`'s shortest form writes back the same value,
    /// and ``number(_:)`` otherwise, keeping the text.
    ///
    /// Returns `nil` when `text` is not a number in JSON's grammar, or its magnitude is beyond
    /// a `Double`'s range.
    ///
    /// ```swift
    /// ModelValue(jsonNumber: "42")        // .int(42)
    /// ModelValue(jsonNumber: "0.5")       // .double(0.5)
    /// ModelValue(jsonNumber: "1e-400")    // .number(1e-400)
    /// ```
    public init?(jsonNumber text: String) {
        guard let decimal = DecimalText(validating: text), let double = Double(text), double.isFinite else {
            return nil
        }
        self = Self.number(text: text, decimal: decimal, double: double)
    }

    /// The value of a number whose text has been checked and whose nearest double is known.
    static func number(text: String, decimal: DecimalText, double: Double) -> ModelValue {
        if decimal.isIntegerLiteral, let integer = decimal.integerValue { return integer }
        if decimal.isZero { return .double(decimal.isNegative ? -0.0 : 0.0) }
        // Up to 15 significant digits in the normal range, the shortest form of the nearest
        // double is the same decimal (DBL_DIG); beyond, compare with it.
        if decimal.digits.count <= 15, double.magnitude >= Double.leastNormalMagnitude {
            return .double(double)
        }
        if DecimalText(double.description) == decimal { return .double(double) }
        // A whole number that a double rounds, such as 9007199254740993.0.
        if let integer = decimal.integerValue { return integer }
        return .number(JSONNumber(text: text, double: double))
    }
}
