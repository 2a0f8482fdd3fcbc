/// Options for writing a ``ModelValue`` as JSON.
///
/// The default output is compact, keeps object keys in their stored order (the order they
/// were read in), and does not escape `/`.
///
/// ```swift
/// let value: ModelValue = ["b": 1, "a": [true, nil]]
/// try value.jsonString()                           // {"b":1,"a":[true,null]}
/// try value.jsonString(options: [.prettyPrinted, .sortedKeys])
/// // {
/// //   "a": [
/// //     true,
/// //     null
/// //   ],
/// //   "b": 1
/// // }
/// ```
public struct JSONWritingOptions: OptionSet, Sendable, Hashable {
    /// The option bits: `prettyPrinted` is 1, `sortedKeys` 2 and `escapingSlashes` 4.
    public let rawValue: Int

    /// Makes options from their raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// One value per line, indented by two spaces per level, with `"key": value`; empty
    /// arrays and objects stay `[]` and `{}`.
    public static let prettyPrinted = JSONWritingOptions(rawValue: 1 << 0)

    /// Object keys in the order of their UTF-8 bytes, so equal values always give equal bytes.
    public static let sortedKeys = JSONWritingOptions(rawValue: 1 << 1)

    /// Writes `/` as `\/`, for JSON embedded in HTML `<script>` elements.
    public static let escapingSlashes = JSONWritingOptions(rawValue: 1 << 2)
}
