import Foundation

extension ImmutableModel {
    /// Reads a model from a JSON object, keeping every key, declared or not.
    ///
    /// ```swift
    /// let item = try TaskItem(jsonData: Data(#"{"id": "t1", "title": "Write"}"#.utf8))
    /// item.title   // "Write"
    ///
    /// try TaskItem(jsonData: Data(#"{"id": "t1", "title": 5}"#.utf8))
    /// // JSONError: line 1, column 23 (at "title"): expected String, found number
    /// ```
    ///
    /// - Throws: ``JSONError``: of kind ``JSONError/Kind/model(_:)``, with the line and
    ///   column of the offending value, when the JSON is valid but does not fit the model;
    ///   of another kind when it is not valid JSON.
    public init(jsonData: Data, options: JSONReadingOptions = JSONReadingOptions()) throws(JSONError) {
        self = try JSONDocument.withBytes(of: jsonData) { bytes throws(JSONError) in
            try Self.read(bytes, options: options)
        }
    }

    /// Reads a model from a JSON object in a string; see ``init(jsonData:options:)``.
    ///
    /// - Throws: ``JSONError`` for invalid JSON and for JSON that does not fit the model.
    public init(jsonString: String, options: JSONReadingOptions = JSONReadingOptions()) throws(JSONError) {
        self = try JSONDocument.withBytes(of: jsonString) { bytes throws(JSONError) in
            try Self.read(bytes, options: options)
        }
    }

    /// The model as UTF-8 JSON: every key it holds, declared or not, in stored order.
    ///
    /// ```swift
    /// let json = try TaskItem(id: "t1", title: "Write").jsonString()
    /// // {"id":"t1","title":"Write","rank":0,"stats":{"views":0},"tags":[]}
    /// ```
    ///
    /// - Throws: ``JSONError`` when the model holds an infinite or NaN double.
    public func jsonData(_ options: JSONWritingOptions = []) throws(JSONError) -> Data {
        try ModelValue.object(dictionary).jsonData(options: options)
    }

    /// The model as a JSON string; see ``jsonData(_:)``.
    ///
    /// - Throws: ``JSONError`` when the model holds an infinite or NaN double.
    public func jsonString(_ options: JSONWritingOptions = []) throws(JSONError) -> String {
        try ModelValue.object(dictionary).jsonString(options: options)
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions) throws(JSONError) -> Self {
        let value = try JSONReader.readDocument(bytes, options: options)
        do {
            return try Self(modelValue: value, context: .standard)
        } catch {
            throw JSONError(Self.modelError(error), in: bytes)
        }
    }
}

extension Array where Element: ImmutableModel {
    /// Reads models from a JSON array of objects.
    ///
    /// ```swift
    /// let items = try [TaskItem](jsonData: Data(#"[{"id": "t1", "title": "Write"}]"#.utf8))
    /// items.count   // 1
    /// ```
    ///
    /// - Throws: ``JSONError``; for an element that does not fit the model, its key path
    ///   starts with the element's index, such as `[2].title`.
    public init(jsonData: Data, options: JSONReadingOptions = JSONReadingOptions()) throws(JSONError) {
        self = try JSONDocument.withBytes(of: jsonData) { bytes throws(JSONError) in
            try Self.read(bytes, options: options)
        }
    }

    /// Reads models from a JSON array of objects in a string; see ``init(jsonData:options:)``.
    ///
    /// - Throws: ``JSONError`` for invalid JSON and for elements that do not fit the model.
    public init(jsonString: String, options: JSONReadingOptions = JSONReadingOptions()) throws(JSONError) {
        self = try JSONDocument.withBytes(of: jsonString) { bytes throws(JSONError) in
            try Self.read(bytes, options: options)
        }
    }

    /// The models as a UTF-8 JSON array.
    ///
    /// - Throws: ``JSONError`` when a model holds an infinite or NaN double.
    public func jsonData(_ options: JSONWritingOptions = []) throws(JSONError) -> Data {
        try ModelValue.array(map { .object($0.dictionary) }).jsonData(options: options)
    }

    /// The models as a JSON array in a string.
    ///
    /// - Throws: ``JSONError`` when a model holds an infinite or NaN double.
    public func jsonString(_ options: JSONWritingOptions = []) throws(JSONError) -> String {
        try ModelValue.array(map { .object($0.dictionary) }).jsonString(options: options)
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions) throws(JSONError) -> Self {
        let value = try JSONReader.readDocument(bytes, options: options)
        guard case .array(let elements) = value else {
            throw JSONError(
                ModelError(.typeMismatch(expected: "[\(Element.modelName)]", found: value.kindDescription)), in: bytes)
        }
        var models: [Element] = []
        models.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                models.append(try Element(modelValue: element, context: .standard))
            } catch {
                throw JSONError(Element.modelError(error).prefixed(by: .index(index)), in: bytes)
            }
        }
        return models
    }
}
