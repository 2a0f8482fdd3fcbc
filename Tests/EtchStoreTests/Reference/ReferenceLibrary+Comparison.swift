import Etch
import EtchStore
import Foundation

extension ReferenceLibrary {
    /// Every way `store` disagrees with the library: objects, counts, unique and index
    /// lookups for every value of the pools (`nil` included), queries of `nil`, and
    /// `queries`' sorted ranges.
    func mismatches(in store: Store, queries: ReferenceQueries) async throws -> Mismatches {
        var mismatches = Mismatches()
        try await compareObjects(in: store, into: &mismatches)
        try await compareLookups(in: store, into: &mismatches)
        try await compareNilQueries(in: store, into: &mismatches)
        try await compareRanges(in: store, queries: queries, into: &mismatches)
        return mismatches
    }

    private func compareObjects(in store: Store, into mismatches: inout Mismatches) async throws {
        mismatches.compare("artists", try await store.objects(Artist.self), artists.inIDOrder)
        let storedAlbums = try await store.objects(Album.self)
        mismatches.compare("albums", storedAlbums, albums.inIDOrder)
        mismatches.compare("albums playing", storedAlbums.map(\.isPlaying), albums.inIDOrder.map(\.isPlaying))
        mismatches.compare("rooms", try await store.objects(Room.self), rooms.inIDOrder)
        mismatches.compare("artist count", try await store.count(Artist.self), artists.objects.count)
        mismatches.compare("album count", try await store.count(Album.self), albums.objects.count)
        mismatches.compare("room count", try await store.count(Room.self), rooms.objects.count)
        let total = artists.objects.count + albums.objects.count + rooms.objects.count
        mismatches.compare("count", await store.count, total)
        for id in ReferenceValues.artistIDs {
            mismatches.compare("artist \(id)", try await store.object(Artist.self, id: id), artists.objects[id])
        }
        for id in ReferenceValues.albumIDs {
            let album = try await store.object(Album.self, id: id)
            mismatches.compare("album \(id)", album, albums.objects[id])
            mismatches.compare("album \(id) playing", album?.isPlaying, albums.objects[id]?.isPlaying)
        }
        for id in ReferenceValues.roomIDs {
            mismatches.compare("room \(id)", try await store.object(Room.self, id: id), rooms.objects[id])
        }
    }

    private func compareLookups(in store: Store, into mismatches: inout Mismatches) async throws {
        for slug in ReferenceValues.slugs {
            mismatches.compare(
                "unique slug \(slug)", try await store.unique(Artist.self, \.slug, slug)?.id,
                artists.objects.values.first { $0.slug == slug }?.id)
        }
        for country in ReferenceValues.countries {
            mismatches.compare(
                "artists of country \(country ?? "nil")",
                try await store.objects(Artist.self, where: \.country, is: country).map(\.id),
                artists.inIDOrder.filter { $0.country == country }.map(\.id))
        }
        for artist in ReferenceValues.artistIDs {
            mismatches.compare(
                "albums of artist \(artist)",
                try await store.objects(Album.self, where: \.artist, is: Ref(id: artist)).map(\.id),
                albums.inIDOrder.filter { $0.artist.id == artist }.map(\.id))
        }
        for genre in ReferenceValues.genres {
            mismatches.compare(
                "albums of genre \(genre?.rawValue ?? "nil")",
                try await store.objects(Album.self, where: \.genre, is: genre).map(\.id),
                albums.inIDOrder.filter { $0.genre == genre }.map(\.id))
        }
        for catalog in [nil] + ReferenceValues.catalogs {
            // `nil` identifies no album: it is exempt from uniqueness.
            mismatches.compare(
                "unique catalog \(catalog ?? "nil")", try await store.unique(Album.self, \.catalog, catalog)?.id,
                catalog == nil ? nil : albums.objects.values.first { $0.catalog == catalog }?.id)
            // The objects, not only their ids: the index holds those without a catalog number.
            compareAlbums(
                "albums of catalog \(catalog ?? "nil")",
                try await store.objects(Album.self, where: \.catalog, is: catalog),
                albums.inIDOrder.filter { $0.catalog == catalog }, into: &mismatches)
        }
    }

    /// Compares the answers to queries of `nil` and of lists holding it with a plain filter.
    private func compareNilQueries(in store: Store, into mismatches: inout Mismatches) async throws {
        let c1OrNone: [String?] = ["c1", nil]
        let predicates: [(name: String, predicate: Predicate<Album>)] = [
            ("no catalog", #Predicate { $0.catalog == nil }),
            ("catalog c1 or none", #Predicate { c1OrNone.contains($0.catalog) }),
            ("no catalog, by a2", #Predicate { $0.catalog == nil && $0.artist.id == "a2" }),
            ("no genre", #Predicate { $0.genre == nil }),
        ]
        for (name, predicate) in predicates {
            compareAlbums(
                "query \(name)", try await store.fetch(StoreQuery(predicate: predicate)),
                try albums.inIDOrder.filter { try predicate.evaluate($0) }, into: &mismatches)
        }
    }

    /// Compares the objects of ranges, not only their ids: a sorted index holds the objects,
    /// so one left behind by an update that kept its keys would show here.
    private func compareRanges(
        in store: Store, queries: ReferenceQueries, into mismatches: inout Mismatches
    ) async throws {
        for query in queries.ratings {
            let stored = try await store.sorted(
                Album.self, by: \.rating, from: query.lower, through: query.upper, order: query.order,
                limit: query.limit, offset: query.offset)
            compareAlbums(
                "albums by rating \(query)", stored, albums.range(by: \.rating, where: { _ in true }, query),
                into: &mismatches)
        }
        for (artist, query) in queries.years {
            let stored = try await store.sorted(
                Album.self, by: \.year, inGroup: Ref<Artist>(id: artist), from: query.lower, through: query.upper,
                order: query.order, limit: query.limit, offset: query.offset)
            compareAlbums(
                "albums of \(artist) by year \(query)", stored,
                albums.range(by: \.year, where: { $0.artist.id == artist }, query), into: &mismatches)
        }
        for (floor, query) in queries.roomNames {
            let stored = try await store.sorted(
                Room.self, by: \.name, inGroup: floor, from: query.lower, through: query.upper, order: query.order,
                limit: query.limit, offset: query.offset)
            mismatches.compare(
                "rooms of floor \(floor.map(String.init) ?? "nil") by name \(query)", stored,
                rooms.range(by: \.name, where: { $0.floor == floor }, query))
        }
    }

    /// Compares albums and their `@local` values, which equality leaves out.
    private func compareAlbums(
        _ what: String, _ stored: [Album], _ expected: [Album], into mismatches: inout Mismatches
    ) {
        mismatches.compare(what, stored, expected)
        mismatches.compare("\(what) playing", stored.map(\.isPlaying), expected.map(\.isPlaying))
    }
}
