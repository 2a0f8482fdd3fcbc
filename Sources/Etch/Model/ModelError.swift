/// One step of a key path into nested JSON: an object key or an array index.
public enum KeyPathComponent: Sendable, Hashable, CustomStringConvertible {
    /// A key of an object.
    case key(String)
    /// A position in an array.
    case index(Int)

    /// The key as is, or the index in brackets, such as `[2]`.
    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }
}

extension [KeyPathComponent] {
    /// The path as people write it: `owner.tags[2].name`; `(root)` when empty.
    ///
    /// Long paths are cut so that an error stays short whatever the input: a path of more
    /// than ``describedComponents`` components shows its first and last few around `…`
    /// (`a[0].a[0]…a[0].a[0]`), and a key longer than ``describedKeyBytes`` UTF-8 bytes shows
    /// its start and `…`.
    public var keyPathDescription: String {
        guard !isEmpty else { return "(root)" }
        guard count > Self.describedComponents else { return Self.describe(self[...]) }
        let half = Self.describedComponents / 2
        return Self.describe(prefix(half)) + "…" + Self.describe(suffix(half))
    }

    /// The most components ``keyPathDescription`` shows.
    static var describedComponents: Int { 8 }
    /// The most bytes of one key ``keyPathDescription`` shows.
    static var describedKeyBytes: Int { 64 }

    private static func describe(_ components: ArraySlice<KeyPathComponent>) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += shortened(key)
            case .index:
                text += component.description
            }
        }
        return text
    }

    /// The key, or as many of its first scalars as fit in ``describedKeyBytes`` and `…`.
    private static func shortened(_ key: String) -> String {
        guard key.utf8.count > describedKeyBytes else { return key }
        var bytes = 0
        var scalars = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= describedKeyBytes else { break }
            scalars.append(scalar)
        }
        return String(scalars) + "…"
    }
}

/// Why a value could not become a model or a field: names the key path, what was expected
/// and what was found.
///
/// ```swift
/// do { _ = try User(dictionary: ["id": 7]) } catch let error as ModelError {
///     print(error)   // User: at "id": expected String, found number
/// }
/// ```
public struct ModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// A value of the wrong kind, such as a number where a string belongs.
        case typeMismatch(expected: String, found: String)
        /// A required key is absent.
        case missingKey(expected: String)
        /// A value of the right kind that cannot be used, such as a malformed date.
        case invalidValue(expected: String, value: String)
        /// A change to a `let` field, which only `var` fields allow.
        case immutableField(name: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Where, from the root of the value being decoded.
    public var keyPath: [KeyPathComponent]
    /// The model being decoded when the error happened, if known.
    public var modelName: String?

    /// Makes an error.
    public init(_ kind: Kind, at keyPath: [KeyPathComponent] = [], modelName: String? = nil) {
        self.kind = kind
        self.keyPath = keyPath
        self.modelName = modelName
    }

    /// A copy whose key path starts with `prefix`.
    public func prefixed(by prefix: [KeyPathComponent]) -> ModelError {
        var copy = self
        copy.keyPath = prefix + keyPath
        return copy
    }

    /// A copy whose key path starts with one more component.
    public func prefixed(by component: KeyPathComponent) -> ModelError {
        prefixed(by: [component])
    }

    /// What was expected and found, without the place: `expected String, found number`.
    public var message: String {
        switch kind {
        case .typeMismatch(let expected, let found): "expected \(expected), found \(found)"
        case .missingKey(let expected): "missing required key (expected \(expected))"
        case .invalidValue(let expected, let value): "expected \(expected), found \(value)"
        case .immutableField(let name): "'\(name)' is a `let` field; only `var` fields can change in a copy"
        }
    }

    /// The model name if known, the key path, and what was expected and found, such as
    /// `User: at "id": expected String, found number`.
    public var description: String {
        let prefix = modelName.map { "\($0): " } ?? ""
        return "\(prefix)at \"\(keyPath.keyPathDescription)\": \(message)"
    }
}
