import Testing

@testable import Etch

/// The index behind ``ModelCodingKey`` hashes only a key's length and its first and last
/// eight bytes, so it must still tell apart keys that share them, by their bytes.
@Suite struct ModelKeyIndexTests {}

extension ModelKeyIndexTests {
    static let keys = [
        "id", "", "a", "id_str", "created_at", "abcdefgh_middle_one_12345678", "abcdefgh_middle_two_12345678",
        "profile_background_image_url_https", "é", "ключ", "12345678", "12345678x",
    ]

    @Test func everyKeyIsFoundAtItsPosition() {
        let index = ModelKeyIndex(keys: Self.keys)
        for (position, key) in Self.keys.enumerated() {
            #expect(index.position(ofKey: key) == position, "\(key)")
            // A copy made from other bytes (not the same string) is found too.
            #expect(index.position(ofKey: String(decoding: Array(key.utf8), as: UTF8.self)) == position)
        }
    }

    @Test(arguments: [
        "abcdefgh_middle_six_12345678", "ID", "id ", "created_a", "created_at_", "12345670", "profile_background_image",
        "e\u{301}",
    ])
    func aKeyNotIndexedIsNotFound(_ key: String) {
        #expect(ModelKeyIndex(keys: Self.keys).position(ofKey: key) == nil)
    }

    @Test func anEmptyIndexFindsNothing() {
        #expect(ModelKeyIndex(keys: []).position(ofKey: "id") == nil)
        #expect(ModelKeyIndex(keys: []).position(ofKey: "") == nil)
    }

    @Test func aBridgedOrSubstringKeyIsFound() {
        let index = ModelKeyIndex(keys: Self.keys)
        let long = "xx_created_at_xx"
        let key = String(long.dropFirst(3).dropLast(3))
        #expect(index.position(ofKey: key) == 4)
    }
}
