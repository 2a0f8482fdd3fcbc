import Etch

/// Artists, albums and rooms by id, changed by plain dictionary operations: what a store
/// holding the test models must agree with after every transaction.
struct ReferenceLibrary {
    /// The artists by id.
    var artists = ReferenceTable<Artist>()
    /// The albums by id.
    var albums = ReferenceTable<Album>()
    /// The rooms by id.
    var rooms = ReferenceTable<Room>()

    /// The library after a transaction of `operations`, all of them or none: refused when a
    /// step throws, or when two artists end up with one slug or two albums with one catalog
    /// number (checked naively, over them all; albums without one never collide).
    func committing(_ operations: [ReferenceOperation]) -> Result<ReferenceLibrary, ReferenceRefusal> {
        var next = self
        do {
            for operation in operations { try operation.apply(to: &next) }
        } catch {
            return .failure(error)
        }
        let slugs = Set(next.artists.objects.values.map(\.slug))
        guard slugs.count == next.artists.objects.count else { return .failure(.uniqueViolation) }
        let catalogs = next.albums.objects.values.compactMap(\.catalog)
        guard Set(catalogs).count == catalogs.count else { return .failure(.uniqueViolation) }
        return .success(next)
    }
}

/// The values the random steps and queries pick from: few enough that ids repeat, slugs
/// collide, and sorted values tie.
enum ReferenceValues {
    static let artistIDs = (0..<8).map { "a\($0)" }
    static let slugs = (0..<11).map { "s\($0)" }
    static let countries: [String?] = [nil, "US", "NG", "FR"]
    static let albumIDs = (0..<30).map { $0 < 10 ? "b0\($0)" : "b\($0)" }
    static let years = Array(1960...1972)
    static let ratings = stride(from: 0.0, through: 5.0, by: 0.5).map { $0 }
    /// Rating bounds: the ratings, and values between them.
    static let ratingBounds = stride(from: -0.25, through: 5.25, by: 0.25).map { $0 }
    static let genres: [Genre?] = [nil] + Genre.allCases
    /// Catalog numbers: one album in four has one, so that they collide now and then, not often.
    static let catalogs = (0..<24).map { "c\($0)" }
    static let roomIDs = Array(1...15)
    static let roomNames = ["Amber", "Blue", "Cedar", "Dune", "Elm", "Fir"]
    /// Room name bounds: the names, and texts between and around them.
    static let roomNameBounds = roomNames + ["A", "Bz", "D", "Zed"]
    static let floors: [Int?] = [nil, 0, 1, 2]
}
