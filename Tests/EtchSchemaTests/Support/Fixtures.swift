@testable import EtchSchema

/// The example schema of the language description, split over two files so that types
/// refer across files.
enum Fixtures {
    static let userText = """
        @keyStyle(snake_case)          // optional, at the top of a file: applies to every model in the file

        /// A person who can join rooms.
        model User {
            let id: String
            var name: String
            @unique let email: String
            @index var mood: String = "neutral"
            let avatarURL: URL?
            var role: Role = .member
            @key("stats.unread") var unread: Int = 0    // dotted wire path into nested JSON
            @dateFormat(secondsSince1970) var lastSeen: Date?
            @local var isExpanded: Bool = false         // never serialized; must have a default
            @sorted(groupBy: mood) let createdAt: Date
        }
        /// What a user may do.
        enum Role: String {
            case owner
            case member
            /// Someone passing by.
            case guest = "visitor"
        }

        """

    static let roomText = """
        /* Rooms. /* Nested comments are fine. */ */
        @keyStyle(snake_case)    // also allowed directly before a model
        model Room { let id: String; let creator: Ref<User>; var members: [Ref<User>] = []; var settings: [String: JSON] = [:] }

        """

    /// The two files, `User.etch` then `Room.etch`.
    static let sources = [
        SchemaSource(path: "User.etch", text: userText),
        SchemaSource(path: "Room.etch", text: roomText),
    ]

    /// Checks one file and returns its diagnostics as compiler-style text.
    static func diagnostics(_ text: String, path: String = "A.etch") -> [String] {
        Schema(sources: [SchemaSource(path: path, text: text)]).checked().diagnostics.map(\.description)
    }
}
