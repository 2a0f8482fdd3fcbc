/// Swift's reserved words: one list for the checker (refused as type names) and the
/// generator (escaped with backticks in field and case names).
public enum SwiftKeyword: String, CaseIterable, Sendable {
    case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`, `import`, `init`
    case `inout`, `internal`, `let`, `operator`, `private`, `precedencegroup`, `protocol`, `public`
    case `rethrows`, `static`, `struct`, `subscript`, `typealias`, `var`
    case `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`, `fallthrough`, `for`, `guard`
    case `if`, `in`, `repeat`, `return`, `throw`, `switch`, `where`, `while`
    case `Any`, `as`, `await`, `false`, `is`, `nil`, `self`, `Self`, `super`, `throws`, `true`, `try`
    case underscore = "_"
    case metatype = "Type"
    case protocolMetatype = "Protocol"

    /// Every reserved word's spelling.
    public static let spellings: Set<String> = Set(allCases.map(\.rawValue))

    /// Whether an argument label with this spelling needs backticks in a call: only these
    /// three do; any other keyword is a plain label there.
    public static func needsEscapingAsLabel(_ name: String) -> Bool {
        name == "inout" || name == "var" || name == "let"
    }
}
