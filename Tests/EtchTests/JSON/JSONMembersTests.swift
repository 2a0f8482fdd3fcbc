import Foundation
import Testing

@testable import Etch

/// ``JSONReader/readMembers(_:wanted:options:)``: what a store's open reads of an object it
/// keeps as bytes. It must accept exactly the documents the full read accepts as objects,
/// or an object kept as bytes could fail to read later, and read the wanted members as the
/// full read does.
@Suite struct JSONMembersTests {
    static let documents = [
        #"{"id":"a1","title":"Blue","year":1999,"genre":null,"tags":["x","y"],"deep":{"a":[1,{"b":true}]}}"#,
        #"{ "id" : "a\u00e9\n" , "n" : -12.5e3, "s": "caf\#u{E9} \#u{1F600}", "e": {}, "l": [], "t": false }"#,
        #"{"year":2001,"id":"z","year":2002,"k\u0069d":"esc","rating":0.5}"#,
        "{}",
    ]
    static let wanted = JSONMemberKeys(["id", "year", "genre", "title", "kid"], anyString: ["title"])

    /// Whether the full read takes `bytes` as an object, and the members it reads.
    static func fullRead(_ bytes: [UInt8]) -> ModelDictionary? {
        let value = try? bytes.withUnsafeBufferPointer {
            try JSONReader.readDocument($0, options: JSONReadingOptions())
        }
        guard case .object(let dictionary)? = value else { return nil }
        return dictionary
    }

    static func membersRead(_ bytes: [UInt8]) -> ModelDictionary? {
        try? bytes.withUnsafeBufferPointer { try JSONReader.readMembers($0, wanted: wanted) }
    }

    /// The members the full read's dictionary holds under the wanted keys, with the strings
    /// under an any-string key read as the empty string.
    static func expected(from dictionary: ModelDictionary) -> ModelDictionary {
        var members = ModelDictionary()
        for key in dictionary.keys where wanted.keys.contains(key) {
            let value = dictionary[key]!
            if key == "title", case .string = value { members[key] = .string("") } else { members[key] = value }
        }
        return members
    }

    @Test(arguments: documents)
    func readsTheWantedMembersAsTheFullReadDoes(_ document: String) throws {
        let bytes = Array(document.utf8)
        let full = try #require(Self.fullRead(bytes))
        let members = try #require(Self.membersRead(bytes))
        #expect(members == Self.expected(from: full))
        #expect(members.keys == Self.expected(from: full).keys)
    }

    @Test(arguments: documents)
    func acceptsExactlyWhatTheFullReadAcceptsUnderEveryDamage(_ document: String) {
        let bytes = Array(document.utf8)
        var damaged: [[UInt8]] = (0...bytes.count).map { Array(bytes.prefix($0)) }
        let replacements: [UInt8] = [
            0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x01, 0xFF, 0xC3, 0x78, 0x30, 0x2D, 0x20,
        ]
        for position in bytes.indices {
            for byte in replacements where byte != bytes[position] {
                var copy = bytes
                copy[position] = byte
                damaged.append(copy)
            }
            var removed = bytes
            removed.remove(at: position)
            damaged.append(removed)
        }
        for input in damaged {
            let full = Self.fullRead(input)
            let members = Self.membersRead(input)
            #expect((full == nil) == (members == nil), "\(String(decoding: input, as: UTF8.self))")
            if let full, let members { #expect(members == Self.expected(from: full)) }
        }
    }

    @Test func nestingIsLimitedAsTheFullReadLimitsIt() {
        let options = JSONReadingOptions(maxDepth: 4)
        for depth in 1...6 {
            let document = "{\"a\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            let bytes = Array(document.utf8)
            let full = try? bytes.withUnsafeBufferPointer { try JSONReader.readDocument($0, options: options) }
            for wanted in [JSONMemberKeys(["a"]), JSONMemberKeys(["b"])] {
                let members = try? bytes.withUnsafeBufferPointer {
                    try JSONReader.readMembers($0, wanted: wanted, options: options)
                }
                #expect((full == nil) == (members == nil), "depth \(depth)")
            }
        }
    }

    @Test func aDocumentThatIsNotAnObjectIsAnError() {
        for document in ["[1]", "\"s\"", "3", "", "   "] {
            #expect(Self.membersRead(Array(document.utf8)) == nil, "\(document)")
        }
    }
}

/// ``JSONObjectBytes``: an object kept as bytes reads once, whichever thread asks first, and
/// its bytes are freed then.
@Suite struct JSONObjectBytesTests {
    static func kept(_ document: String) -> JSONObjectBytes {
        Array(document.utf8).withUnsafeBytes { JSONObjectBytes(copying: $0, decoder: JSONObjectBytes.Decoder()) }
    }

    @Test func readsAsTheFullReadAndKeepsWhatItRead() throws {
        let document = #"{"id":"a1","title":"Blue \u00e9","tracks":[1,2,3],"more":{"x":null}}"#
        let bytes = Self.kept(document)
        #expect(bytes.byteCount == document.utf8.count)
        #expect(!bytes.isRead && bytes.withBytesUnlessRead { $0.count } == document.utf8.count)
        let first = bytes.dictionary
        #expect(ModelValue.object(first) == (try ModelValue(jsonString: document)))
        #expect(first.storage === bytes.dictionary.storage)
        #expect(bytes.isRead && bytes.withBytesUnlessRead { $0.count } == nil)
    }

    @Test func threadsThatAskAtOnceGetOneDictionary() async {
        for round in 0..<50 {
            let bytes = Self.kept(#"{"id":"r\#(round)","n":\#(round),"tags":["a","b"]}"#)
            let storages = await withTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<8 { group.addTask { ObjectIdentifier(bytes.dictionary.storage) } }
                return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(storages.count == 1)
            #expect(bytes.dictionary["n"] == .int(Int64(round)))
        }
    }
}
