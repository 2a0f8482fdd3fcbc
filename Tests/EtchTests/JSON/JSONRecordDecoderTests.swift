import Foundation
import Testing

@testable import Etch

/// Many small documents read in turn by one ``JSONRecordDecoder``: objects of one key
/// sequence share one key array across documents, and each still reads exactly as alone.
@Suite struct JSONRecordDecoderTests {
    /// Reads each document with one decoder, and alone; checks they agree, key bytes included.
    static func readInTurn(_ documents: [String]) throws -> [ModelDictionary] {
        let decoder = JSONRecordDecoder()
        return try documents.map { document in
            let together = try Array(document.utf8).withUnsafeBytes { try decoder.model(TaskItem.self, from: $0) }
            let alone = try TaskItem(jsonString: document)
            #expect(together.dictionary == alone.dictionary, "\(document)")
            #expect(together.dictionary.keys.map { Array($0.utf8) } == alone.dictionary.keys.map { Array($0.utf8) })
            return together.dictionary
        }
    }

    @Test func objectsOfOneKeySequenceShareOneKeyArrayAcrossDocuments() throws {
        let read = try Self.readInTurn([
            #"{"id":"1","title":"Blue","a_long_undeclared_key":1}"#,
            #"{"id":"2","title":"Kind","a_long_undeclared_key":2}"#,
            #"{"title":"Kind","id":"3","a_long_undeclared_key":2}"#,
        ])
        #expect(
            read[0].storage.headerAddress.pointee.keys.withUnsafeBufferPointer(\.baseAddress)
                == read[1].storage.headerAddress.pointee.keys.withUnsafeBufferPointer(\.baseAddress))
        #expect(read[2].keys == ["title", "id", "a_long_undeclared_key"])
    }

    @Test func keysThatLookAlikeButDifferInBytesAreNotShared() throws {
        // "é" composed and decomposed: Swift's == calls them equal, JSON does not.
        let read = try Self.readInTurn([
            #"{"id":"1","title":"t","caf\#u{E9}":1}"#, #"{"id":"2","title":"t","cafe\#u{301}":1}"#,
            #"{"id":"3","title":"t","a":1,"a":2}"#, #"{"id":"4","title":"t","a":3}"#,
        ])
        #expect(Array(read[1].keys[2].utf8) == Array("cafe\u{301}".utf8))
        #expect(read[2].keys == ["id", "title", "a"] && read[2]["a"] == 2 && read[3]["a"] == 3)
    }

    @Test func aDocumentThatIsNotJSONOrDoesNotFitIsAnError() throws {
        let decoder = JSONRecordDecoder()
        #expect(throws: JSONError.self) {
            try Array("{\"id\":".utf8).withUnsafeBytes { try decoder.model(TaskItem.self, from: $0) }
        }
        #expect(throws: JSONError.self) {
            try [UInt8]().withUnsafeBytes { try decoder.model(TaskItem.self, from: $0) }
        }
    }

    /// The address of a string's heap storage, or of an array's elements: two values with
    /// one address share one allocation.
    static func storageAddress(_ value: ModelValue?) -> UInt? {
        switch value {
        case .string(let string): UInt(truncatingIfNeeded: unsafeBitCast(string, to: (UInt64, UInt64).self).1)
        case .array(let elements): elements.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
        default: nil
        }
    }

    @Test func repeatedStringsAndSmallArraysOfScalarsAreSharedAcrossDocuments() throws {
        let read = try Self.readInTurn([
            #"{"id":"1","title":"t","label":"Northern Lights Records","markets":["US","GB"],"owners":[{"a":1}]}"#,
            #"{"id":"2","title":"t","label":"Northern Lights Records","markets":["US","GB"],"owners":[{"a":1}]}"#,
            #"{"id":"3","title":"t","label":"Northern Lights Records","markets":["US", "GB"]}"#,
        ])
        // Spelled with the same bytes: one string, one array.
        #expect(Self.storageAddress(read[0]["label"]) == Self.storageAddress(read[1]["label"]))
        #expect(Self.storageAddress(read[0]["markets"]) == Self.storageAddress(read[1]["markets"]))
        // An array holding an object is not shared (objects are shared by their keys only).
        #expect(Self.storageAddress(read[0]["owners"]) != Self.storageAddress(read[1]["owners"]))
        // Spelled otherwise (an escape, a space): equal values, made anew.
        #expect(read[2]["label"] == read[0]["label"] && read[2]["markets"] == read[0]["markets"])
        #expect(Self.storageAddress(read[2]["markets"]) != Self.storageAddress(read[0]["markets"]))
    }

    /// Strings of a length that never repeats (a URL per object) stop being looked up, and
    /// that neither stops the sharing of strings of other lengths nor keeps strings of that
    /// length from being shared once they do repeat.
    @Test func lengthsWhoseStringsNeverRepeatStopBeingLookedUpWithoutStoppingSharing() throws {
        let label = "Northern Lights Records"
        let repeated = "https://example.com/covers/shared.jpg"
        var documents: [String] = []
        for number in 0..<2_000 {
            // 37 bytes, like `repeated`, each its own.
            let url = "https://example.com/covers/\(String(format: "%06d", number)).jpg"
            documents.append(#"{"id":"\#(number)","title":"t","label":"\#(label)","cover":"\#(url)"}"#)
        }
        for number in 0..<2_000 {
            documents.append(#"{"id":"r\#(number)","title":"t","label":"\#(label)","cover":"\#(repeated)"}"#)
        }
        let read = try Self.readInTurn(documents)
        #expect(read.allSatisfy { $0["label"] == .string(label) })
        #expect(Self.storageAddress(read[0]["label"]) == Self.storageAddress(read[1_999]["label"]))
        #expect(Self.storageAddress(read[0]["label"]) == Self.storageAddress(read[3_999]["label"]))
        #expect(read[0]["cover"] == .string("https://example.com/covers/000000.jpg"))
        #expect(read[3_999]["cover"] == .string(repeated))
        // The repeated URL is found again and shared by the last documents.
        #expect(Self.storageAddress(read[3_998]["cover"]) == Self.storageAddress(read[3_999]["cover"]))
    }
}
