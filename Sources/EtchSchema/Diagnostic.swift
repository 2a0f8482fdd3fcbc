/// A place in a schema file: 1-based line and column (columns count UTF-8 bytes, as the
/// Swift compiler does).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path as given to the compiler.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Makes a location.
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the prefix compilers print before a message.
    public var description: String { "\(path):\(line):\(column)" }

    /// Orders by path, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}

/// A problem found in a schema, printed as `path:line:column: error: message` so Xcode and
/// `swift build` show it on the schema line.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
        case note
    }

    /// How serious the problem is.
    public var severity: Severity
    /// What is wrong, in words a person can act on.
    public var message: String
    /// Where.
    public var location: SourceLocation
    /// Further notes, such as where a duplicate was first declared.
    public var notes: [Diagnostic]

    /// Makes a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation, notes: [Diagnostic] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// The compiler-style text: the diagnostic's line, then one line per note.
    public var description: String {
        ([self] + notes).map { "\($0.location): \($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")
    }
}

extension [Diagnostic] {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }
}
