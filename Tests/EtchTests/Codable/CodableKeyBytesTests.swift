import Etch
import Foundation
import Testing

/// Through `JSONDecoder`, a model matches its declared keys by their bytes, as its own reader
/// does, although a `Decoder` compares names as Swift strings (canonically equivalent
/// spellings are equal there).
@Suite struct CodableKeyBytesTests {}

extension CodableKeyBytesTests {
    /// "café" with a combining accent: the same `String` as the declared "café", other bytes.
    static let decomposed = "cafe\u{301}"

    static func decode(_ json: String) throws -> Cafe {
        try JSONDecoder().decode(Cafe.self, from: Data(json.utf8))
    }

    @Test func aKeyOfOtherBytesIsNotTheDeclaredOne() throws {
        let json = #"{"\#(Self.decomposed)": "x", "crème": "milk"}"#
        #expect(throws: (any Error).self) { try Self.decode(json) }
        #expect(throws: (any Error).self) { try Cafe(jsonString: json) }
    }

    @Test func anOptionalFieldOfOtherBytesIsAbsentAndItsKeyKept() throws {
        let decomposedTopping = "cre\u{300}me"
        let json = #"{"café": "x", "\#(decomposedTopping)": "milk"}"#
        let decoded = try Self.decode(json)
        let read = try Cafe(jsonString: json)
        #expect(decoded.name == "x" && decoded.topping == nil)
        #expect(decoded == read)
        #expect(decoded.dictionary.keys.map { Array($0.utf8) } == ["café", decomposedTopping].map { Array($0.utf8) })
        #expect(try decoded.jsonString() == read.jsonString())
    }

    @Test func theDeclaredBytesReadAsTheField() throws {
        let decoded = try Self.decode(#"{"crème": "milk", "café": "x"}"#)
        #expect(decoded.name == "x" && decoded.topping == "milk")
        #expect(decoded.dictionary.count == 2)
    }
}
