import Testing

@testable import Etch

/// Objects of one key sequence share one key array (``JSONShapeCache``), and every object
/// still reads exactly as it does alone, where no shape is shared.
@Suite struct JSONShapeTests {
    /// A document case: objects to read as elements of one large array.
    struct ShapeCase: CustomTestStringConvertible, Sendable {
        let id: String
        let objects: [String]
        var testDescription: String { id }
    }

    /// Reads the objects as one document, large enough for the reader's caches, and checks
    /// each element against the object read alone: same value, same key bytes in the same
    /// order, same JSON written back.
    static func readTogether(_ objects: [String]) throws -> [ModelDictionary] {
        // Small documents skip the caches; padding makes sure this one uses them.
        let padding = "\"" + String(repeating: "p", count: 4096) + "\""
        let document = "[" + (objects + [padding]).joined(separator: ",") + "]"
        guard case .array(let elements) = try ModelValue(jsonString: document) else {
            Issue.record("not an array")
            return []
        }
        var dictionaries: [ModelDictionary] = []
        for (object, element) in zip(objects, elements) {
            let alone = try ModelValue(jsonString: object)
            guard case .object(let together) = element, case .object(let single) = alone else {
                Issue.record("not an object: \(object)")
                continue
            }
            #expect(together == single, "\(object)")
            #expect(together.keys.map { Array($0.utf8) } == single.keys.map { Array($0.utf8) }, "\(object)")
            #expect(try element.jsonString() == alone.jsonString())
            dictionaries.append(together)
        }
        return dictionaries
    }

    /// The address of a dictionary's key storage, to tell shared arrays from copies.
    static func keyStorage(_ dictionary: ModelDictionary) -> UnsafeRawPointer? {
        dictionary.storedKeys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    static let cases: [ShapeCase] = [
        ShapeCase(id: "one shape", objects: (0..<200).map { #"{"id":\#($0),"name":"n\#($0)","ok":true}"# }),
        ShapeCase(
            id: "two shapes alternating",
            objects: (0..<200).map { $0.isMultiple(of: 2) ? #"{"a":\#($0),"b":1}"# : #"{"b":\#($0),"a":1}"# }),
        ShapeCase(
            id: "a repeated key after its shape without the repeat",
            objects: Array(repeating: #"{"a":1,"b":2}"#, count: 50) + [
                #"{"a":1,"b":2,"a":3}"#, #"{"a":1,"b":2,"a":3}"#,
            ]),
        ShapeCase(
            id: "a repeated key before the same shape without it",
            objects: [#"{"a":1,"b":2,"a":3}"#, #"{"a":1,"b":2,"a":3}"#] + Array(repeating: #"{"a":1,"b":2}"#, count: 50)
        ),
        ShapeCase(
            id: "composed and decomposed keys",
            objects: (0..<100).map {
                $0.isMultiple(of: 2) ? "{\"\u{E9}\":\($0),\"x\":0}" : "{\"e\u{301}\":\($0),\"x\":0}"
            }),
        ShapeCase(
            id: "both spellings of é in one object and apart",
            objects: (0..<60).map { "{\"\u{E9}\":\($0),\"e\u{301}\":1}" } + ["{\"\u{E9}\":2,\"\u{E9}\":3}"]),
        ShapeCase(
            id: "escaped and long keys",
            objects: (0..<60).map {
                #"{"\u0061":\#($0),"\#(String(repeating: "k", count: 60))":1,"a":2}"#
            }),
        ShapeCase(
            id: "wide objects above the index threshold",
            objects: (0..<40).map { row in
                "{" + (0..<100).map { #""k\#($0)":\#(row)"# }.joined(separator: ",") + "}"
            } + ["{" + (0..<100).map { #""k\#($0 % 60)":\#($0)"# }.joined(separator: ",") + "}"]),
        ShapeCase(
            id: "deep objects of one shape",
            objects: [String(repeating: #"{"a":1,"b":"#, count: 200) + "null" + String(repeating: "}", count: 200)]),
        ShapeCase(
            id: "empty objects, alone and nested",
            objects: (0..<200).map { $0.isMultiple(of: 3) ? "{}" : #"{"e":{},"a":[{},{}],"k\#($0 % 5)":{}}"# }),
        ShapeCase(
            id: "more shapes than the cache holds",
            objects: (0..<2000).map { #"{"k\#($0 % 700)":\#($0),"common":\#($0),"x\#($0 % 13)":0}"# }),
    ]
}

extension JSONShapeTests {
    @Test(arguments: cases)
    func objectsReadTogetherAsTheyReadAlone(_ shapeCase: ShapeCase) throws {
        _ = try Self.readTogether(shapeCase.objects)
    }

    @Test func objectsOfOneShapeShareOneKeyArray() throws {
        let dictionaries = try Self.readTogether((0..<100).map { #"{"id":\#($0),"name":"n"}"# })
        #expect(Set(dictionaries.map(Self.keyStorage)).count == 1)
        #expect(dictionaries[99]["id"] == 99)
    }

    @Test func aSharedKeyArrayIsCopiedWhenOneObjectChanges() throws {
        var dictionaries = try Self.readTogether((0..<100).map { #"{"id":\#($0),"name":"n"}"# })
        dictionaries[0]["extra"] = true
        dictionaries[1]["name"] = nil
        #expect(dictionaries[0].keys == ["id", "name", "extra"])
        #expect(dictionaries[1].keys == ["id"])
        #expect(dictionaries[2].keys == ["id", "name"])
    }

    @Test func aRepeatedKeyKeepsItsFirstPlaceAndLastValue() throws {
        let objects = Array(repeating: #"{"a":1,"b":2}"#, count: 50) + [#"{"a":1,"b":2,"a":3}"#]
        let dictionaries = try Self.readTogether(objects)
        #expect(dictionaries.last?.keys == ["a", "b"])
        #expect(dictionaries.last?["a"] == 3)
    }

    @Test func keysThatLookAlikeAreNotOneShape() throws {
        let objects = (0..<100).map { $0.isMultiple(of: 2) ? "{\"\u{E9}\":1}" : "{\"e\u{301}\":1}" }
        let dictionaries = try Self.readTogether(objects)
        #expect(dictionaries[0]["e\u{301}"] == nil && dictionaries[1]["\u{E9}"] == nil)
        #expect(Set(dictionaries.map(Self.keyStorage)).count == 2)
    }
}
