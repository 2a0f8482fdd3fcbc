import Testing

@testable import Etch

/// Object keys are compared by their UTF-8 bytes, as RFC 8259 compares member names, not by
/// Swift's `String ==`, which counts canonically equivalent strings equal (issue 10).
@Suite struct ObjectKeyTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"
}

extension ObjectKeyTests {
    @Test func canonicallyEquivalentKeysAreReadAsTwoKeysAndWrittenBack() throws {
        let json = #"{"\u00e9":1,"e\u0301":2}"#
        let value = try ModelValue(jsonString: json)
        #expect(value["\u{E9}"] == 1 && value["e\u{301}"] == 2)
        guard case .object(let object) = value else { return #expect(Bool(false)) }
        #expect(object.keys.map { Array($0.utf8) } == [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        #expect(try value.jsonString() == "{\"\u{E9}\":1,\"e\u{301}\":2}")
        #expect(try ModelValue(jsonString: try value.jsonString()) == value)
    }

    @Test func aKeyRepeatedWithTheSameBytesIsStillOneKey() throws {
        let value = try ModelValue(jsonString: #"{"\u00e9":1,"a":0,"\u00e9":2}"#)
        #expect(value == ["\u{E9}": 2, "a": 0])
        guard case .object(let object) = value else { return #expect(Bool(false)) }
        #expect(object.keys == ["\u{E9}", "a"])
    }

    @Test(arguments: [2, 100])
    func lookupsSettingAndRemovingKeepTheKeysApart(otherKeys: Int) throws {
        var keys = (0..<otherKeys).map { "k\($0)" }
        keys += [Self.composed, Self.decomposed]
        let json = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        guard case .object(var object) = try ModelValue(jsonString: json) else { return #expect(Bool(false)) }
        #expect(object.count == otherKeys + 2)
        #expect(object[Self.composed] == .int(Int64(otherKeys)))
        #expect(object[Self.decomposed] == .int(Int64(otherKeys + 1)))
        object[Self.decomposed] = "changed"
        #expect(object[Self.composed] == .int(Int64(otherKeys)))
        object[Self.composed] = nil
        #expect(object[Self.composed] == nil && object[Self.decomposed] == "changed")
        #expect(object.count == otherKeys + 1)
        object[Self.composed] = true
        #expect(object.keys.suffix(2) == [Self.decomposed, Self.composed])
    }

    @Test func equalityAndHashingTellTheKeysApart() {
        let composed: ModelValue = [Self.composed: 1]
        let decomposed: ModelValue = [Self.decomposed: 1]
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed, composed]).count == 2)
        #expect(ModelDictionary(keys: ["a", Self.composed], values: [1, 2]) != ["a": 1, Self.decomposed: 2])
        #expect(ModelDictionary(keys: ["a", Self.composed], values: [1, 2]) == [Self.composed: 2, "a": 1])
        // String values keep Swift's equality: only keys are wire names.
        #expect(ModelValue.string(Self.composed) == .string(Self.decomposed))
    }

    @Test func aDeclaredFieldMatchesOnlyItsWireKeyBytes() throws {
        let field = ModelField<Int>("cafe", key: Self.composed)
        let hint = KeyPositionHint()
        let exact = ModelDictionary(keys: [Self.decomposed, Self.composed], values: [1, 2])
        #expect(exact.value(forKey: Self.composed, hint: hint) == 2)
        // The hint now points at position 1; a dictionary holding the other spelling there
        // does not match.
        let other = ModelDictionary(keys: ["x", Self.decomposed], values: [1, 2])
        #expect(other.value(forKey: Self.composed, hint: hint) == nil)
        #expect(throws: ModelError.self) { try field.validate(in: other) }
        #expect(throws: Never.self) { try field.validate(in: exact) }
    }
}
