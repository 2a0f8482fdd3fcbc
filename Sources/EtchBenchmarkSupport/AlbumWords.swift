/// What the albums of both benchmark programs are made of, so that etch-pg-bench's albums
/// hold the same values as etch-bench's.
package enum AlbumWords {
    /// How many albums share an artist, on average.
    package static let albumsPerArtist = 100

    /// The genres; one album in eleven has none (`null`).
    package static let genres = ["rock", "jazz", "pop", "folk", "soul", "blues", "metal", "punk", "indie", "house"]

    /// The words of titles and descriptions.
    package static let vocabulary = [
        "evening", "tide", "river", "stone", "light", "summer", "glass", "harbor", "letters", "garden", "north",
        "quiet", "hours", "salt", "fire", "winter", "songs", "road", "silver", "echo", "morning", "paper", "city",
    ]

    /// The record labels.
    package static let labels = [
        "Northern Lights Records", "Blue Harbor Music", "Quiet Hours", "Saltwater Sound", "Ferrous",
    ]
}
