import EtchBenchmarkSupport
import Foundation

/// The albums of the store's open and memory rows: ~595 bytes of JSON each, 7 declared keys
/// and 11 undeclared ones (label, release date, duration, track count, popularity, explicit,
/// cover URL, copyright, a description, tags, markets), as a music API sends them; seeded, so
/// every run writes the same bytes.
enum AlbumGenerator {
    /// The JSON of `count` albums with ids `al-0000000` upwards, in id order.
    static func json(_ count: Int) -> [Data] {
        var random = SeededGenerator(seed: 59)
        let artists = max(1, count / AlbumWords.albumsPerArtist)
        let (genres, labels, vocabulary) = (AlbumWords.genres, AlbumWords.labels, AlbumWords.vocabulary)
        return (0..<count).map { number in
            let id = String(format: "al-%07d", number)
            let year = random.int(in: 1955...2025)
            let genre = random.int(in: 0...10)
            let label = labels[random.int(in: 0...labels.count - 1)]
            let tracks = random.int(in: 6...18)
            let words = (0..<3).map { _ in random.pick(vocabulary) }
            let text = """
                {"id":"\(id)","title":"\(words[0].capitalized) \(words[1]) of the \(words[2])",\
                "artist":"ar-\(random.int(in: 0...artists - 1))",\
                "year":\(year),"genre":\(genre < genres.count ? "\"\(genres[genre])\"" : "null"),\
                "rating":\(Double(random.int(in: 0...50)) / 10),"catalog":"CAT-\(number)-\(year)",\
                "label":"\(label)","released_at":"\(year)-0\(random.int(in: 1...9))-1\(random.int(in: 0...9))T00:00:00Z",\
                "duration_ms":\(tracks * random.int(in: 150_000...280_000)),"track_count":\(tracks),\
                "popularity":\(random.int(in: 0...100)),"explicit":\(random.int(in: 0...9) == 0),\
                "cover_url":"https://images.example.com/covers/\(id)/640x640.jpg",\
                "copyright":"(P) \(year) \(label) Ltd.",\
                "description":"\((0..<19).map { _ in random.pick(vocabulary) }.joined(separator: " "))",\
                "tags":["\(words[1])","remastered","\(genre < genres.count ? genres[genre] : "misc")"],\
                "markets":["US","GB","DE","FR","JP"]}
                """
            return Data(text.utf8)
        }
    }
}
