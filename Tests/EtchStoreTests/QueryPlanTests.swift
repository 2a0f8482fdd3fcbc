import Etch
import EtchStore
import Foundation
import Testing

/// The query planner and evaluation: the plan chosen for each kind of condition, and answers
/// that always equal a plain filter with `predicate.evaluate`.
@Suite struct QueryPlanTests {}

extension QueryPlanTests {
    /// Album's indexes as the schema declares them.
    static let albumIndexes: [ModelIndex<Album>] = [
        .index("artist", \Album.artist),
        .sorted("year", \Album.year, groupBy: "artist", \Album.artist),
        .sorted("rating", \Album.rating),
        .index("genre", \Album.genre),
        .unique("catalog", \Album.catalog),
        .sorted("peak", \Album.peak),
    ]

    /// Artist's indexes as the schema declares them.
    static let artistIndexes: [ModelIndex<Artist>] = [
        .unique("slug", \Artist.slug),
        .index("country", \Artist.country),
    ]

    /// Room's indexes as the schema declares them.
    static let roomIndexes: [ModelIndex<Room>] = [
        .sorted("name", \Room.name, groupBy: "floor", \Room.floor)
    ]

    /// A lookup in an index of Album.
    static func lookup(_ index: String, _ keys: IndexKey...) -> QueryPlan {
        .lookup(model: "Album", index: index, keys: keys)
    }

    /// A range of Album's `rating` index.
    static func ratings(_ lower: IndexBound?, _ upper: IndexBound?) -> QueryPlan {
        .range(model: "Album", index: "rating", group: nil, lower: lower, upper: upper)
    }

    /// A range of Album's `year` index within the albums of `artist`.
    static func years(by artist: String, _ lower: IndexBound?, _ upper: IndexBound?) -> QueryPlan {
        .range(model: "Album", index: "year by artist", group: .string(artist), lower: lower, upper: upper)
    }

    /// A bound that includes its key.
    static func inclusive(_ key: IndexKey) -> IndexBound { IndexBound(key: key, isInclusive: true) }

    /// A bound that excludes its key.
    static func exclusive(_ key: IndexKey) -> IndexBound { IndexBound(key: key, isInclusive: false) }

    /// An album with the fields queries test.
    static func album(
        _ id: String, title: String = "Untitled", artist: String = "a1", year: Int = 1990, rating: Double = 0,
        genre: Genre? = nil, catalog: String? = nil, peak: Int? = nil
    ) -> Album {
        Album(
            id: id, title: title, artist: Ref(id: artist), year: year, rating: rating, genre: genre, catalog: catalog,
            peak: peak)
    }
}
