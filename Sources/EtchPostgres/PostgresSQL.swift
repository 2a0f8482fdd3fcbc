/// Names and constants put into SQL text where PostgreSQL takes no parameter (table and
/// index names, the keys of an index's expression), quoted as standard SQL quotes them.
/// Values a user's objects hold never go through here: they are parameters.
package enum PostgresSQL {
    /// A quoted identifier: `Album` → `"Album"`, with `"` doubled.
    package static func identifier(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }

    /// A quoted string constant: `it's` → `'it''s'` (standard_conforming_strings is on:
    /// backslashes are ordinary characters).
    package static func literal(_ text: String) -> String {
        "'" + text.replacing("'", with: "''") + "'"
    }

    /// PostgreSQL's limit on an identifier's length, in UTF-8 bytes; longer names are cut.
    static let identifierLimit = 63

    /// A name of at most ``identifierLimit`` bytes: `name` itself when it fits, else its
    /// start and a hash of the whole, so that two long names stay distinct.
    static func fittingIdentifier(_ name: String) -> String {
        guard name.utf8.count > identifierLimit else { return name }
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let suffix = " " + String(hash, radix: 16)
        var prefix = ""
        for character in name {
            guard prefix.utf8.count + String(character).utf8.count + suffix.utf8.count <= identifierLimit else { break }
            prefix.append(character)
        }
        return prefix + suffix
    }
}
