/// Names and constants put into SQL text where PostgreSQL takes no parameter (table and
/// index names, the keys of an index's expression), quoted as standard SQL quotes them.
/// Values a user's objects hold never go through here: they are parameters.
package enum PostgresSQL {
    /// A quoted identifier: `Album` → `"Album"`, with `"` doubled.
    package static func identifier(_ name: String) -> String {
        "\"" + doubling(UInt8(ascii: "\""), in: name) + "\""
    }

    /// A quoted string constant: `it's` → `'it''s'` (standard_conforming_strings is on:
    /// backslashes are ordinary characters).
    package static func literal(_ text: String) -> String {
        "'" + doubling(UInt8(ascii: "'"), in: text) + "'"
    }

    /// `text` with each `quote` doubled; `text` itself, uncopied, when it holds none (the
    /// common case, found with one scan of its bytes: the store quotes names on every read).
    private static func doubling(_ quote: UInt8, in text: String) -> String {
        guard text.utf8.contains(quote) else { return text }
        var doubled: [UInt8] = []
        doubled.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            doubled.append(byte)
            if byte == quote { doubled.append(byte) }
        }
        return String(decoding: doubled, as: UTF8.self)
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
