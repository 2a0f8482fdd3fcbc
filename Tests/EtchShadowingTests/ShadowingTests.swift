import Etch
import Foundation
import Testing

/// Generated code builds and works in a target that declares its own `Date`, `JSON`, `Ref`,
/// `String` and friends (see UserTypes.swift): it names every type module-qualified.
@Suite struct ShadowingTests {
    @Test func generatedCodeIgnoresTheTargetsOwnTypes() throws {
        let id = Foundation.UUID()
        let made = Shadowed(id: id, title: "a", when: Foundation.Date(timeIntervalSince1970: 0))
        let read = try Shadowed(jsonData: try made.jsonData())
        #expect(read == made)
        #expect(read.id == id)
        #expect(read.title == "a")
        #expect(read.when == Foundation.Date(timeIntervalSince1970: 0))
        #expect(read.kind == .plain)
        let linked = read.copyWith { $0.parent = Etch.Ref(made) }
        #expect(linked.parent?.id == id)
    }
}
