/// Options for reading JSON into a ``ModelValue``.
///
/// ```swift
/// var options = JSONReadingOptions()
/// options.maxDepth = 64
/// let value = try ModelValue(jsonData: data, options: options)
/// ```
public struct JSONReadingOptions: Sendable, Hashable {
    /// How deeply arrays and objects may nest; deeper input fails with
    /// ``JSONError/Kind/tooDeep``. Defaults to 512. The reader itself never recurses, but
    /// comparing, hashing, writing and freeing a value do, one stack frame per level: keep
    /// the limit in the thousands at most, as hostile input will use all of it.
    public var maxDepth: Int

    /// Makes options.
    ///
    /// - Parameter maxDepth: How deeply arrays and objects may nest.
    public init(maxDepth: Int = 512) {
        self.maxDepth = maxDepth
    }
}
