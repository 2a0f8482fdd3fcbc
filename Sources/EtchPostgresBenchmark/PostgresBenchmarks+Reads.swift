import Etch
import EtchBenchmarkSupport

extension PostgresBenchmarks {
    /// A row of results in a form both sides give: every declared field.
    static func summary(_ album: LibraryAlbum) -> String {
        "\(album.id)|\(album.title)|\(album.artist)|\(album.year)|\(album.genre ?? "-")|\(album.rating)|\(album.catalog)"
    }

    /// The same fields of the hand-written side's struct.
    static func summary(_ album: AlbumRecord) -> String {
        "\(album.id)|\(album.title)|\(album.artist)|\(album.year)|\(album.genre ?? "-")|\(album.rating)|\(album.catalog)"
    }

    /// The lookup and query rows: each call asks about another random key, the same
    /// sequence of keys on both sides; the two sides' answers are compared first.
    static func reads(
        _ runner: inout Runner, etch: EtchAlbums, baseline: BaselineAlbums, inserted: Inserted, label: String
    ) async throws {
        let (count, artists, catalogs) = (inserted.count, inserted.artists, inserted.catalogs)
        let years = 1970...1999
        let limit = 20
        func id(_ random: inout SeededGenerator) -> String { AlbumGenerator.id(random.int(in: 0...count - 1)) }
        func artist(_ random: inout SeededGenerator) -> String {
            AlbumGenerator.artist(random.int(in: 0...artists - 1))
        }
        func catalog(_ random: inout SeededGenerator) -> String { random.pick(catalogs) }
        func genre(_ random: inout SeededGenerator) -> (String, Int) {
            (random.pick(AlbumGenerator.genres), random.int(in: 1955...2020))
        }

        // The answers of both sides agree on a few keys before anything is timed.
        var check = SeededGenerator(seed: 3)
        for _ in 0..<5 {
            let (key, unique, by, (group, from)) = (id(&check), catalog(&check), artist(&check), genre(&check))
            try expectSame(
                try await etch.album(id: key).map(summary), try baseline.album(id: key).map(summary), "album \(key)")
            try expectSame(
                try await etch.album(catalog: unique).map(summary), try baseline.album(catalog: unique).map(summary),
                "album of catalog \(unique)")
            try expectSame(
                try await etch.albums(artist: by).map(summary), try baseline.albums(artist: by).map(summary),
                "albums of \(by)")
            try expectSame(
                try await etch.albums(artist: by, years: years).map(summary),
                try baseline.albums(artist: by, years: years).map(summary), "albums of \(by) in \(years)")
            try expectSame(
                try await etch.albums(genre: group, fromYear: from, limit: limit).map(summary),
                try baseline.albums(genre: group, fromYear: from, limit: limit).map(summary),
                "\(group) albums from \(from)")
        }

        var (etchRandom, baselineRandom) = (SeededGenerator(seed: 11), SeededGenerator(seed: 11))
        try await runner.compare(
            "lookup by id, \(label)",
            etch: { try await etch.album(id: id(&etchRandom))?.year ?? 0 },
            baseline: { try baseline.album(id: id(&baselineRandom))?.year ?? 0 })
        try await runner.compare(
            "lookup by @unique catalog, \(label)",
            etch: { try await etch.album(catalog: catalog(&etchRandom))?.year ?? 0 },
            baseline: { try baseline.album(catalog: catalog(&baselineRandom))?.year ?? 0 })
        try await runner.compare(
            "lookup by @index artist (~100 albums), \(label)",
            etch: { try await etch.albums(artist: artist(&etchRandom)).count },
            baseline: { try baseline.albums(artist: artist(&baselineRandom)).count })
        try await runner.compare(
            "indexed range: an artist's albums of \(years.lowerBound)-\(years.upperBound) (~40), \(label)",
            etch: { try await etch.albums(artist: artist(&etchRandom), years: years).count },
            baseline: { try baseline.albums(artist: artist(&baselineRandom), years: years).count })
        try await runner.compare(
            "sorted range with group and limit: \(limit) of a genre from a year, \(label)",
            etch: {
                let (group, from) = genre(&etchRandom)
                return try await etch.albums(genre: group, fromYear: from, limit: limit).count
            },
            baseline: {
                let (group, from) = genre(&baselineRandom)
                return try baseline.albums(genre: group, fromYear: from, limit: limit).count
            })
    }
}
