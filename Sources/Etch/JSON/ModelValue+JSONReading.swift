import Foundation

extension ModelValue {
    /// Reads a JSON document.
    ///
    /// The reader is strict RFC 8259: exactly one value with optional whitespace around
    /// it; no comments, trailing commas, leading zeros, `NaN` or `Infinity`; strings must
    /// be valid UTF-8 with control characters escaped, and `\u` escapes must pair their
    /// surrogates. A UTF-8 byte order mark at the start is skipped. When an object repeats
    /// a key, the last value wins.
    ///
    /// Integers read exactly as ``int(_:)`` over all of `Int64` and as ``uint(_:)`` above
    /// it up to `UInt64.max`; other numbers (with a fraction or an exponent, larger
    /// integers, and `-0`) read as correctly rounded ``double(_:)``s.
    ///
    /// ```swift
    /// let value = try ModelValue(jsonData: Data(#"{"id": 7, "tags": ["a"], "score": 0.5}"#.utf8))
    /// value["id"]          // .int(7)
    /// value["tags"]?[0]    // .string("a")
    /// value["score"]       // .double(0.5)
    /// ```
    ///
    /// - Parameters:
    ///   - jsonData: UTF-8 encoded JSON.
    ///   - options: The nesting limit.
    /// - Throws: ``JSONError`` with the line, column and key path of the first problem.
    /// - Complexity: O(*n*) in the length of the input.
    public init(jsonData: Data, options: JSONReadingOptions = JSONReadingOptions()) throws(JSONError) {
        self = try JSONDocument.withBytes(of: jsonData) { bytes throws(JSONError) in
            try JSONReader.readDocument(bytes, options: options)
        }
    }

    /// Reads a JSON document from UTF-8 bytes, such as a `[UInt8]` or an `ArraySlice<UInt8>`.
    ///
    /// ```swift
    /// let value = try ModelValue(jsonBytes: Array("[1, 2.5, null]".utf8))   // [1, 2.5, nil]
    /// ```
    ///
    /// - Throws: ``JSONError``, as ``init(jsonData:options:)`` does.
    public init(jsonBytes: some Collection<UInt8>, options: JSONReadingOptions = JSONReadingOptions()) throws(JSONError)
    {
        let read = { (buffer: UnsafeBufferPointer<UInt8>) in
            Result { () throws(JSONError) in try JSONReader.readDocument(buffer, options: options) }
        }
        let result = jsonBytes.withContiguousStorageIfAvailable(read) ?? Array(jsonBytes).withUnsafeBufferPointer(read)
        self = try result.get()
    }

    /// Reads a JSON document from a string.
    ///
    /// ```swift
    /// let value = try ModelValue(jsonString: #"{"name": "Ada"}"#)
    /// value["name"]   // .string("Ada")
    /// ```
    ///
    /// - Throws: ``JSONError``, as ``init(jsonData:options:)`` does.
    public init(jsonString: String, options: JSONReadingOptions = JSONReadingOptions()) throws(JSONError) {
        self = try JSONDocument.withBytes(of: jsonString) { bytes throws(JSONError) in
            try JSONReader.readDocument(bytes, options: options)
        }
    }
}
