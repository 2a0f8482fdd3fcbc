import Foundation
import Testing

@testable import Etch

/// What the generated code tells a store about references: inverse relations and delete rules.
@Suite struct RelationMetadataTests {
    static let artist = Artist(id: "a1", name: "Nina")
    static let album = Album(
        id: "r1", title: "Pastel Blues", year: 1965, artist: Ref(id: "a1"), guests: [Ref(id: "a2"), Ref(id: "a3")],
        producer: Ref(id: "a4"))

    @Test func inverseRelationsReadTheReferringField() {
        #expect(Artist.albums.name == "albums")
        #expect(Artist.albums.field == "artist")
        #expect(Artist.albums.ownerIDs(Self.album) == ["a1"])
        #expect(Artist.features.ownerIDs(Self.album) == ["a2", "a3"])
        #expect(Artist.produced.ownerIDs(Self.album) == ["a4"])
        #expect(Artist.produced.ownerIDs(Self.album.copyWith(producer: nil)) == [])
    }

    @Test func inverseRelationOrderIsTheDeclaredOne() {
        let older = Self.album
        let newer = Album(id: "r2", title: "Silk & Soul", year: 1967, artist: Ref(id: "a1"))
        #expect(Artist.albums.order.count == 1)
        #expect(Artist.albums.order[0].compare(newer, older) == .orderedAscending)  // newest first
        #expect(Artist.features.order.isEmpty)
    }

    @Test func fieldTableNamesReferencesAndDeleteRules() {
        let fields = Dictionary(uniqueKeysWithValues: Album._schema.fields.map { ($0.name, $0) })
        #expect(fields["artist"]?.onDelete == .cascade)
        #expect(fields["guests"]?.onDelete == .nullify)
        #expect(fields["producer"]?.onDelete == .nullify)
        #expect(fields["artist"]?.referencedModel.map { $0.modelName } == "Artist")
        #expect(fields["title"]?.referencedModel == nil)
        #expect(fields["title"]?.onDelete == .dangle)
        #expect(fields["title"]?.isMutable == true && fields["artist"]?.isMutable == false)
    }
}
