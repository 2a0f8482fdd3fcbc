import Etch
import EtchTestSupport
import Foundation

extension ReferenceOperation {
    /// A random transaction of one to five steps over the library as it is: mostly on ids it
    /// holds, sometimes on missing ones, with slugs and catalog numbers that collide and now
    /// and then a throw.
    static func randomTransaction(for library: ReferenceLibrary, using random: inout SeededGenerator) -> [Self] {
        (0..<Int.random(in: 1...5, using: &random)).map { _ in randomStep(for: library, using: &random) }
    }

    private static func randomStep(for library: ReferenceLibrary, using random: inout SeededGenerator) -> Self {
        func pick<Value>(_ values: [Value]) -> Value { values.randomElement(using: &random)! }
        /// An id the table holds, four times in five, or any id of the pool.
        func id<Model>(in table: ReferenceTable<Model>, pool: [Model.ID]) -> Model.ID {
            // Sorted: a dictionary's order changes from run to run, and the sequence must not.
            let held = table.objects.keys.sorted()
            return held.isEmpty || Int.random(in: 0..<5, using: &random) == 0 ? pick(pool) : pick(held)
        }
        /// A catalog number one time in four, `nil` otherwise.
        func catalog() -> String? {
            Int.random(in: 0..<4, using: &random) == 0 ? pick(ReferenceValues.catalogs) : nil
        }
        let artistID = id(in: library.artists, pool: ReferenceValues.artistIDs)
        let albumID = id(in: library.albums, pool: ReferenceValues.albumIDs)
        let roomID = id(in: library.rooms, pool: ReferenceValues.roomIDs)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<12:
            return .putArtist(
                Artist(
                    id: pick(ReferenceValues.artistIDs), name: "Artist \(Int.random(in: 0..<9, using: &random))",
                    slug: pick(ReferenceValues.slugs), country: pick(ReferenceValues.countries)))
        case 12..<20:
            return .updateArtist(
                id: artistID, slug: pick(ReferenceValues.slugs), country: pick(ReferenceValues.countries))
        case 20..<34:
            let album = Album(
                id: pick(ReferenceValues.albumIDs), title: "Title \(Int.random(in: 0..<9, using: &random))",
                artist: Ref(id: pick(ReferenceValues.artistIDs)), year: pick(ReferenceValues.years),
                rating: pick(ReferenceValues.ratings), genre: pick(ReferenceValues.genres),
                tags: Bool.random(using: &random) ? ["live", "remaster"] : [],
                extra: Bool.random(using: &random) ? ["plays": 3, "notes": ["side a", nil, 2.5]] : [:],
                cover: Bool.random(using: &random) ? Data([0, UInt8.random(in: 0...255, using: &random)]) : nil,
                catalog: catalog(), isPlaying: Bool.random(using: &random))
            return .putAlbum(album, Bool.random(using: &random) ? .carryOver : .replace)
        case 34..<44:
            return .moveAlbum(id: albumID, artist: pick(ReferenceValues.artistIDs))
        case 44..<52:
            return .retouchAlbum(
                id: albumID, year: pick(ReferenceValues.years), rating: pick(ReferenceValues.ratings),
                genre: pick(ReferenceValues.genres), isPlaying: Bool.random(using: &random))
        case 52..<55:
            return .renameAlbum(id: albumID, newID: pick(ReferenceValues.albumIDs))
        case 55..<58:
            // Into or out of the albums without a catalog number.
            let hasOne = library.albums.objects[albumID]?.catalog != nil
            return .catalogAlbum(id: albumID, catalog: hasOne ? nil : pick(ReferenceValues.catalogs))
        case 58..<65:
            return .putRoom(
                Room(
                    id: pick(ReferenceValues.roomIDs), name: pick(ReferenceValues.roomNames),
                    floor: pick(ReferenceValues.floors), capacity: Int.random(in: 2...40, using: &random)))
        case 65..<75:
            return .moveRoom(id: roomID, floor: pick(ReferenceValues.floors), name: pick(ReferenceValues.roomNames))
        case 75..<80: return .deleteArtist(artistID)
        case 80..<87: return .deleteAlbum(albumID)
        case 87..<93: return .deleteRoom(roomID)
        case 93: return .deleteAllAlbums
        case 94: return .deleteAllRooms
        default: return .abandon
        }
    }
}
