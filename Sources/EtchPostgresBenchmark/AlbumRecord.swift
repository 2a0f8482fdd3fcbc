/// One generated album, as both sides receive it: its declared fields, the JSON object of
/// its 11 undeclared keys, and the whole object's JSON (the declared keys first, then the
/// others), ~600 bytes.
struct AlbumRecord: Sendable {
    var id: String
    var title: String
    var artist: String
    var year: Int
    var genre: String?
    var rating: Double
    var catalog: String
    /// The undeclared keys as one JSON object: what the baseline keeps in its `extra` column.
    var extra: String

    /// The whole album as JSON: what Etch reads into a ``LibraryAlbum``.
    var json: String {
        let genre = self.genre.map { "\"\($0)\"" } ?? "null"
        return """
            {"id":"\(id)","title":"\(title)","artist":"\(artist)","year":\(year),"genre":\(genre),\
            "rating":\(rating),"catalog":"\(catalog)",\(extra.dropFirst())
            """
    }

    /// The album with its rating raised by 0.1 (5.0 becomes 0.0): what the commit rows write.
    var rerated: AlbumRecord {
        var album = self
        album.rating = Double((Int(rating * 10) + 1) % 51) / 10
        return album
    }
}
