import Foundation

extension ModelValue {
    /// The value as UTF-8 JSON.
    ///
    /// Object keys keep their stored order unless `options` has
    /// ``JSONWritingOptions/sortedKeys``. Strings escape `"`, `\` and control characters;
    /// `/` stays as it is unless `options` has ``JSONWritingOptions/escapingSlashes``.
    /// Integers are exact; doubles take their shortest form that reads back to the same
    /// bits, always with a `.` or an exponent (`2.0`, `0.1`, `1e-05`), so they read back as
    /// doubles.
    ///
    /// ```swift
    /// let value: ModelValue = ["name": "Ada", "score": 2.0, "tags": []]
    /// String(decoding: try value.jsonData(), as: UTF8.self)
    /// // {"name":"Ada","score":2.0,"tags":[]}
    /// ```
    ///
    /// - Parameter options: Pretty printing, sorted keys, escaped slashes.
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/unwritableValue``, with the key path,
    ///   when the value holds an infinite or NaN double, which JSON cannot express.
    /// - Complexity: O(*n*) in the size of the output (O(*n* log *n*) per object with sorted keys).
    public func jsonData(options: JSONWritingOptions = []) throws(JSONError) -> Data {
        Data(try jsonBytes(options: options))
    }

    /// The value as a JSON string; see ``jsonData(options:)``.
    ///
    /// ```swift
    /// let value: ModelValue = ["b": [1, 2], "a": "x"]
    /// try value.jsonString(options: .sortedKeys)    // {"a":"x","b":[1,2]}
    /// ```
    ///
    /// - Throws: ``JSONError`` for infinite and NaN doubles.
    public func jsonString(options: JSONWritingOptions = []) throws(JSONError) -> String {
        String(decoding: try jsonBytes(options: options), as: UTF8.self)
    }

    /// The value as UTF-8 JSON bytes; see ``jsonData(options:)``.
    ///
    /// - Throws: ``JSONError`` for infinite and NaN doubles.
    public func jsonBytes(options: JSONWritingOptions = []) throws(JSONError) -> [UInt8] {
        var writer = JSONWriter(options: options)
        try writer.write(self)
        return writer.bytes
    }
}
