import Testing

@testable import EtchSchema

@Suite struct KeyStyleTests {}

extension KeyStyleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var snake: String
        var kebab: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "id", snake: "id", kebab: "id"),
        Case(name: "avatarURL", snake: "avatar_url", kebab: "avatar-url"),
        Case(name: "lastMessageAt", snake: "last_message_at", kebab: "last-message-at"),
        Case(name: "userID", snake: "user_id", kebab: "user-id"),
        Case(name: "html5Text", snake: "html5_text", kebab: "html5-text"),
        Case(name: "URLString", snake: "url_string", kebab: "url-string"),
        Case(name: "isHTTPSEnabled", snake: "is_https_enabled", kebab: "is-https-enabled"),
        Case(name: "already_snake", snake: "already_snake", kebab: "already-snake"),
        Case(name: "x2y", snake: "x2y", kebab: "x2y"),
    ]

    @Test(arguments: cases)
    func wireKeys(_ example: Case) {
        #expect(KeyStyle.snakeCase.wireKey(for: example.name) == example.snake)
        #expect(KeyStyle.kebabCase.wireKey(for: example.name) == example.kebab)
        #expect(KeyStyle.camelCase.wireKey(for: example.name) == example.name)
    }

    @Test func namesOfStyles() {
        #expect(KeyStyle(named: "snake_case") == .snakeCase)
        #expect(KeyStyle(named: "camelCase") == .camelCase)
        #expect(KeyStyle(named: "kebab_case") == .kebabCase)
        #expect(KeyStyle(named: "kebab-case") == .kebabCase)
        #expect(KeyStyle(named: "snake") == nil)
    }
}
