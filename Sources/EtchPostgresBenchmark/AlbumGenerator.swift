import EtchBenchmarkSupport

/// Makes the albums of every row, one after the other, so a million of them are never held
/// at once: ~600 bytes of JSON each, 7 declared keys and 11 undeclared ones (label, release
/// date, duration, track count, popularity, explicit, cover URL, copyright, a description,
/// tags, markets), as a music API sends them. The same values as etch-bench's albums; seeded,
/// so every run and every process makes the same albums.
struct AlbumGenerator {
    /// How many albums share an artist, on average.
    static let albumsPerArtist = AlbumWords.albumsPerArtist

    /// The genres; one album in eleven has none (`null`).
    static let genres = AlbumWords.genres

    /// The words of titles and descriptions.
    static let vocabulary = AlbumWords.vocabulary

    /// The record labels.
    static let labels = AlbumWords.labels

    /// The number of distinct artists among the albums.
    let artists: Int
    /// The number of the next album.
    private(set) var number = 0
    private var random = SeededGenerator(seed: 59)

    /// A generator of `count` albums, whose artists it spreads them over.
    init(count: Int) {
        artists = max(1, count / Self.albumsPerArtist)
    }

    /// The id of the album of a number: `al-0000042`.
    static func id(_ number: Int) -> String {
        let digits = String(number)
        return "al-" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    /// The name of the artist of a number: `ar-42`.
    static func artist(_ number: Int) -> String { "ar-\(number)" }

    /// The next album.
    mutating func next() -> AlbumRecord {
        defer { number += 1 }
        let id = Self.id(number)
        let year = random.int(in: 1955...2025)
        let genre = random.int(in: 0...10)
        let label = Self.labels[random.int(in: 0...Self.labels.count - 1)]
        let tracks = random.int(in: 6...18)
        let words = (0..<3).map { _ in random.pick(Self.vocabulary) }
        let title = "\(words[0].prefix(1).uppercased() + words[0].dropFirst()) \(words[1]) of the \(words[2])"
        let artist = Self.artist(random.int(in: 0...artists - 1))
        let rating = Double(random.int(in: 0...50)) / 10
        let released = "\(year)-0\(random.int(in: 1...9))-1\(random.int(in: 0...9))T00:00:00Z"
        let duration = tracks * random.int(in: 150_000...280_000)
        let popularity = random.int(in: 0...100)
        let explicit = random.int(in: 0...9) == 0
        let description = (0..<19).map { _ in random.pick(Self.vocabulary) }.joined(separator: " ")
        let genreName = genre < Self.genres.count ? Self.genres[genre] : nil
        let extra = """
            {"label":"\(label)","released_at":"\(released)",\
            "duration_ms":\(duration),"track_count":\(tracks),\
            "popularity":\(popularity),"explicit":\(explicit),\
            "cover_url":"https://images.example.com/covers/\(id)/640x640.jpg",\
            "copyright":"(P) \(year) \(label) Ltd.",\
            "description":"\(description)",\
            "tags":["\(words[1])","remastered","\(genreName ?? "misc")"],\
            "markets":["US","GB","DE","FR","JP"]}
            """
        return AlbumRecord(
            id: id, title: title, artist: artist, year: year, genre: genreName, rating: rating,
            catalog: "CAT-\(number)-\(year)", extra: extra)
    }

    /// The next `count` albums, fewer at the end.
    mutating func next(_ count: Int, of total: Int) -> [AlbumRecord] {
        (0..<max(0, min(count, total - number))).map { _ in next() }
    }
}
