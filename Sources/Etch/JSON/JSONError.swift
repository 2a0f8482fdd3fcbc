/// Why JSON could not be read or written, and where.
///
/// Errors from reading name the line, the column (counted in UTF-8 bytes, both 1-based),
/// the byte offset, and the key path of the place in the document, so a person can find
/// the problem in an editor:
///
/// ```swift
/// do {
///     _ = try ModelValue(jsonString: #"{"users": [{"name": }]}"#)
/// } catch {
///     print(error)
///     // line 1, column 21 (at "users[0].name"): unexpected character '}', expected a value
/// }
/// ```
///
/// The same type reports a model that does not fit the JSON it was read from, with the
/// position of the offending value (see ``Kind/model(_:)``), and a value that cannot be
/// written, such as an infinite number.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem the error reports.
    public enum Kind: Sendable, Hashable {
        /// The bytes are not valid JSON: a stray character, an unterminated string, a bad
        /// escape, invalid UTF-8, a malformed number, or the end of the input too early.
        case syntax
        /// Arrays and objects nest deeper than ``JSONReadingOptions/maxDepth``.
        case tooDeep
        /// A number is too large in magnitude for a `Double`, such as `1e400`.
        case numberOutOfRange
        /// The JSON is valid but does not fit the model being read.
        case model(ModelError)
        /// A value cannot be written as JSON, such as an infinite or NaN `Double`.
        case unwritableValue
        /// The reading options cannot be used, such as a ``JSONReadingOptions/maxDepth``
        /// below 1; the message names the option.
        case invalidOptions
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// What went wrong, without the location: `unexpected character '}', expected a value`.
    public var message: String
    /// The 1-based line of the problem; 0 for errors from writing, which have no input.
    public var line: Int
    /// The 1-based column of the problem, in UTF-8 bytes; 0 for errors from writing.
    public var column: Int
    /// The offset of the problem in the input, in bytes from its start (a byte order mark
    /// included); 0 for errors from writing.
    public var offset: Int
    /// Where in the document: `statuses[3].user.name`; empty at the top level.
    public var keyPath: [KeyPathComponent]

    /// Makes an error.
    public init(
        _ kind: Kind,
        message: String,
        line: Int = 0,
        column: Int = 0,
        offset: Int = 0,
        keyPath: [KeyPathComponent] = []
    ) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
        self.keyPath = keyPath
    }

    /// The model error this error wraps, if the JSON was valid but did not fit a model.
    public var modelError: ModelError? {
        if case .model(let error) = kind { return error }
        return nil
    }

    /// The error with its location: `line 3, column 14 (at "statuses[3].user"): message`.
    public var description: String {
        var text = ""
        if line > 0 { text += "line \(line), column \(column)" }
        if !keyPath.isEmpty {
            if !text.isEmpty { text += " " }
            text += "(at \"\(keyPath.keyPathDescription)\")"
        }
        return text.isEmpty ? message : text + ": " + message
    }
}
