/// How a field's Swift name becomes its wire key when no `@key` is given: `@keyStyle(…)`
/// on a model or at the top of a file.
///
/// ```swift
/// KeyStyle.snakeCase.wireKey(for: "avatarURL")     // "avatar_url"
/// KeyStyle.kebabCase.wireKey(for: "lastMessageAt") // "last-message-at"
/// ```
public enum KeyStyle: String, Sendable, Hashable, CaseIterable {
    /// The Swift name as is: `lastMessageAt`.
    case camelCase
    /// Lowercase words joined by `_`: `last_message_at`.
    case snakeCase = "snake_case"
    /// Lowercase words joined by `-`: `last-message-at`.
    case kebabCase = "kebab_case"

    /// The style named `name` in `@keyStyle(name)`; `kebab-case` is accepted too.
    public init?(named name: String) {
        if name == "kebab-case" {
            self = .kebabCase
        } else {
            self.init(rawValue: name)
        }
    }

    /// The wire key of a field named `name`.
    ///
    /// Words break before an uppercase letter that follows a lowercase letter or digit
    /// (`lastMessage`), and before the last capital of a run followed by a lowercase
    /// letter (`URLSession` is `url` + `session`); digits stay with the word before them
    /// (`html5Text` is `html5_text`).
    ///
    /// - Complexity: O(*n*) in the length of the name.
    public func wireKey(for name: String) -> String {
        switch self {
        case .camelCase: name
        case .snakeCase: Self.words(of: name).joined(separator: "_")
        case .kebabCase: Self.words(of: name).joined(separator: "-")
        }
    }

    /// The lowercased words of a camel-case name.
    static func words(of name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var word = ""
        for (offset, character) in characters.enumerated() {
            if character == "_" {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            if character.isUppercase, let previous = word.last {
                let next = offset + 1 < characters.count ? characters[offset + 1] : nil
                let startsWord =
                    previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true)
                if startsWord {
                    words.append(word)
                    word = ""
                }
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return words.map { $0.lowercased() }
    }
}
