import EtchTestSupport

/// The random sorted ranges asked after one transaction, of a store and of the reference
/// alike: over all albums by rating, and in every group, the `nil` floor included.
struct ReferenceQueries: Sendable {
    /// Ranges of albums by rating.
    var ratings: [RangeQuery<Double>] = []
    /// Ranges of one artist's albums by year, for every artist id.
    var years: [(artist: String, query: RangeQuery<Int>)] = []
    /// Ranges of one floor's rooms by name, for every floor and no floor.
    var roomNames: [(floor: Int?, query: RangeQuery<String>)] = []

    /// Random queries sized to what `library` holds.
    static func random(for library: ReferenceLibrary, using random: inout SeededGenerator) -> Self {
        var queries = ReferenceQueries()
        let albums = library.albums.objects.values
        for _ in 0..<4 {
            queries.ratings.append(
                .random(from: ReferenceValues.ratingBounds, memberCount: albums.count, using: &random))
        }
        for artist in ReferenceValues.artistIDs {
            let count = albums.count { $0.artist.id == artist }
            for _ in 0..<2 {
                queries.years.append(
                    (artist, .random(from: ReferenceValues.years, memberCount: count, using: &random)))
            }
        }
        for floor in ReferenceValues.floors {
            let count = library.rooms.objects.values.count { $0.floor == floor }
            for _ in 0..<2 {
                queries.roomNames.append(
                    (floor, .random(from: ReferenceValues.roomNameBounds, memberCount: count, using: &random)))
            }
        }
        return queries
    }
}
