/// Options for reading JSON into a ``ModelValue``.
///
/// ```swift
/// var options = JSONReadingOptions()
/// options.maxDepth = 64
/// let value = try ModelValue(jsonData: data, options: options)
/// ```
public struct JSONReadingOptions: Sendable, Hashable {
    /// How deeply arrays and objects may nest; deeper input fails with
    /// ``JSONError/Kind/tooDeep``. The reader never recurses, so any limit is safe for the
    /// stack; the limit guards against hostile input. Defaults to 512.
    public var maxDepth: Int

    /// Makes options.
    ///
    /// - Parameter maxDepth: How deeply arrays and objects may nest.
    public init(maxDepth: Int = 512) {
        self.maxDepth = maxDepth
    }
}
