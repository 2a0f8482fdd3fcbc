/// Options for reading JSON into a ``ModelValue``.
///
/// ```swift
/// var options = JSONReadingOptions()
/// options.maxDepth = 64
/// let value = try ModelValue(jsonData: data, options: options)
/// ```
public struct JSONReadingOptions: Sendable, Hashable {
    /// How deeply arrays and objects may nest; deeper input fails with
    /// ``JSONError/Kind/tooDeep``. Defaults to 512, and must be at least 1: reading with a
    /// smaller limit fails with ``JSONError/Kind/invalidOptions``.
    ///
    /// Reading, writing, comparing, hashing and describing a value never recurse. Freeing
    /// one does, in the runtime, with small frames: values 512 levels deep are freed on a
    /// 512 KB stack, but keep the limit in the thousands at most, as hostile input will use
    /// all of it.
    public var maxDepth: Int

    /// Makes options.
    ///
    /// - Parameter maxDepth: How deeply arrays and objects may nest, at least 1.
    public init(maxDepth: Int = 512) {
        self.maxDepth = maxDepth
    }
}
