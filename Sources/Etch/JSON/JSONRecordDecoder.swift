/// Reads models from many small JSON documents in turn, such as the objects of a store's
/// file, straight from their bytes, with the objects of one key sequence sharing one key
/// array across documents (see ``JSONSharedShapes``), and values spelled alike sharing one
/// string or array (see ``JSONSharedValues``).
///
/// A decoder is meant for one thread: each thread of a parallel read makes its own. It is
/// not `Sendable`.
///
/// ```swift
/// let decoder = JSONRecordDecoder()
/// let album = try bytes.withUnsafeBytes { try decoder.model(Album.self, from: $0) }
/// ```
package final class JSONRecordDecoder {
    private let shapes = JSONSharedShapes()
    private let values = JSONSharedValues()

    /// Makes a decoder that shares nothing yet.
    package init() {}

    /// Reads a model from the JSON object in `bytes`, as ``ImmutableModel/init(jsonData:options:)``
    /// does with the default options.
    ///
    /// - Throws: ``JSONError``, of kind ``JSONError/Kind/model(_:)`` when the JSON is valid but
    ///   does not fit the model.
    package func model<Model: ImmutableModel>(_ type: Model.Type, from bytes: UnsafeRawBufferPointer)
        throws(JSONError) -> Model
    {
        let input = UnsafeBufferPointer(
            start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        let value = try JSONReader.readDocument(
            input, options: JSONReadingOptions(), sharedShapes: shapes, sharedValues: values)
        do {
            return try Model(modelValue: value, context: .standard)
        } catch {
            throw JSONError(Model.modelError(error), in: input)
        }
    }

    /// Reads the JSON object in `bytes` into a dictionary, sharing keys and values with the
    /// documents read before.
    ///
    /// - Throws: ``JSONError`` for input that is not JSON, or a document that is not an object.
    package func dictionary(from bytes: UnsafeRawBufferPointer) throws(JSONError) -> ModelDictionary {
        let input = UnsafeBufferPointer(
            start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        let value = try JSONReader.readDocument(
            input, options: JSONReadingOptions(), sharedShapes: shapes, sharedValues: values)
        guard case .object(let dictionary) = value else {
            throw JSONError(.syntax, message: "expected an object", line: 1, column: 1)
        }
        return dictionary
    }
}
