import Foundation
import Testing

@testable import Etch

@Suite struct JSONStringSharingTests {}

extension JSONStringSharingTests {
    /// Reads a JSON array holding `literals` (each a JSON string literal, quotes included),
    /// padded so that the reader shares strings, and returns its strings.
    static func readStrings(_ literals: [String], padded: Bool = true) throws -> [String] {
        let padding = padded ? String(repeating: " ", count: 4096) : ""
        let value = try ModelValue(jsonString: "[" + literals.joined(separator: ",") + "]" + padding)
        guard case .array(let elements) = value else { return [] }
        return elements.map { element in
            guard case .string(let string) = element else { return "<not a string>" }
            return string
        }
    }

    /// Where a string's UTF-8 bytes are stored; equal for strings that share storage.
    static func storage(of string: String) -> UnsafeRawPointer? {
        string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test func repeatedLongStringsShareStorage() throws {
        let url = "http://pbs.twimg.com/profile_images/1/abc_normal.jpeg"
        let other = "http://pbs.twimg.com/profile_images/2/abc_normal.jpeg"
        let strings = try Self.readStrings(["\"\(url)\"", "\"\(other)\"", "\"\(url)\"", "\"\(url)\""])
        #expect(strings == [url, other, url, url])
        #expect(Self.storage(of: strings[0]) != nil)
        #expect(Self.storage(of: strings[0]) == Self.storage(of: strings[2]))
        #expect(Self.storage(of: strings[0]) == Self.storage(of: strings[3]))
        #expect(Self.storage(of: strings[0]) != Self.storage(of: strings[1]))
    }

    @Test func stringsOfSixteenBytesAreSharedAndShorterOnesAreNot() throws {
        let sixteen = String(repeating: "x", count: 16)
        let strings = try Self.readStrings(["\"\(sixteen)\"", "\"\(sixteen)\"", "\"short\"", "\"short\""])
        #expect(strings == [sixteen, sixteen, "short", "short"])
        #expect(Self.storage(of: strings[0]) == Self.storage(of: strings[1]))
    }

    @Test func smallDocumentsDecodeTheSameWithoutSharing() throws {
        let text = "a long enough string to be shared"
        #expect(try Self.readStrings(["\"\(text)\"", "\"\(text)\""], padded: false) == [text, text])
    }

    @Test func stringsWithEscapesAreSharedByTheirSpelling() throws {
        let source = #"<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">"#
        let unescaped = #"<a href="http://twitter.com/download/iphone" rel="nofollow">"#
        let spelledOtherwise = #"\u003ca href=\"http:\/\/twitter.com/download/iphone\" rel=\"nofollow\">"#
        let strings = try Self.readStrings(
            ["\"\(source)\"", "\"\(source)\"", "\"\(spelledOtherwise)\"", "\"\(spelledOtherwise)\"", "\"\(source)\""])
        #expect(strings == Array(repeating: unescaped, count: 5))
        #expect(Self.storage(of: strings[0]) == Self.storage(of: strings[1]))
        #expect(Self.storage(of: strings[0]) == Self.storage(of: strings[4]))
        #expect(Self.storage(of: strings[2]) == Self.storage(of: strings[3]))
        // Escapes that shorten a string below sixteen bytes.
        let short = #"\u00e9\u00e9\u00e9\u00e9"#
        #expect(try Self.readStrings(["\"\(short)\"", "\"\(short)\""]) == ["éééé", "éééé"])
    }

    @Test func multibyteStringsAreSharedAndChecked() throws {
        let text = "東京で会いましょう 😀 café"
        let strings = try Self.readStrings(["\"\(text)\"", "\"\(text)\"", "\"\(text)!\""])
        #expect(strings == [text, text, text + "!"])
        #expect(Self.storage(of: strings[0]) == Self.storage(of: strings[1]))
        // An invalid string is never kept, so each occurrence fails where it is.
        let invalid = Array("[\"".utf8) + Array(text.utf8) + [0xFF] + Array("\"]".utf8)
        let padding = [UInt8](repeating: 0x20, count: 4096)
        let error = #expect(throws: JSONError.self) { try ModelValue(jsonBytes: invalid + padding) }
        #expect(error?.message.hasPrefix("invalid UTF-8 in a string") == true)
        #expect(error?.column == 3 + text.utf8.count)
    }

    @Test func manyDistinctLongStringsDecodeInOrder() throws {
        // More distinct strings than the largest table keeps, each then repeated.
        let texts = (0..<40_000).map { "distinct string number \($0)" }
        let literals = texts.map { "\"\($0)\"" }
        let strings = try Self.readStrings(literals + literals.reversed())
        #expect(strings == texts + texts.reversed())
        #expect(Self.storage(of: strings[0]) == Self.storage(of: strings[strings.count - 1]))
    }
}

extension JSONStringSharingTests {
    /// Stores `texts`, all with one hash, in a table over their bytes; returns what the
    /// table then finds for each.
    static func findWithOneHash(_ texts: [String]) -> [String?] {
        let bytes = Array(texts.joined().utf8)
        var offsets: [Int] = []
        var offset = 0
        for text in texts {
            offsets.append(offset)
            offset += text.utf8.count
        }
        var table = JSONStringTable(inputSize: 1 << 20)
        return bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            for (text, offset) in zip(texts, offsets) {
                let (found, slot) = table.find(hash: 42, offset: offset, length: text.utf8.count, in: base)
                if found == nil { table.store(text, at: slot, hash: 42, offset: offset, length: text.utf8.count) }
            }
            return zip(texts, offsets).map { text, offset in
                table.find(hash: 42, offset: offset, length: text.utf8.count, in: base).0
            }
        }
    }

    @Test func stringsWithEqualHashesAreToldApart() {
        let texts = ["same length text A", "same length text B", "a longer text than both", "same length text A"]
        #expect(Self.findWithOneHash(texts) == texts)
    }

    @Test func collisionsBeyondTheProbeLimitStayUnshared() {
        let count = JSONStringTable.maxProbes + 4
        let texts = (0..<count).map { "colliding text \(100 + $0)" }
        let found = Self.findWithOneHash(texts)
        #expect(Array(found.prefix(JSONStringTable.maxProbes)) == texts.prefix(JSONStringTable.maxProbes).map { $0 })
        #expect(found.suffix(4) == [nil, nil, nil, nil])
    }
}
