import Etch
import EtchStore

/// One step of a random transaction, applied alike to a store's transaction and to the
/// reference library.
enum ReferenceOperation: Sendable, CustomStringConvertible {
    /// Inserts an artist, or replaces the one with its id.
    case putArtist(Artist)
    /// Inserts an album, or replaces the one with its id, carrying over `@local` values or not.
    case putAlbum(Album, LocalValuesPolicy)
    /// Inserts a room, or replaces the one with its id.
    case putRoom(Room)
    /// Gives an artist a slug (perhaps one another artist holds) and a country, through `update`.
    case updateArtist(id: String, slug: String, country: String?)
    /// Moves an album to another artist: from one group of the year index to another.
    case moveAlbum(id: String, artist: String)
    /// Changes an album's year, rating, genre and `@local` isPlaying, through `update`.
    case retouchAlbum(id: String, year: Int, rating: Double, genre: Genre?, isPlaying: Bool)
    /// Gives an album a catalog number (perhaps one another album holds) or takes it away,
    /// through `update`.
    case catalogAlbum(id: String, catalog: String?)
    /// Moves an album to another id, through an `update` whose transform changes the id.
    case renameAlbum(id: String, newID: String)
    /// Moves a room to a floor or to none, and renames it, through `update`.
    case moveRoom(id: Int, floor: Int?, name: String)
    /// Deletes an artist, if there is one with the id.
    case deleteArtist(String)
    /// Deletes an album, if there is one with the id.
    case deleteAlbum(String)
    /// Deletes a room, if there is one with the id.
    case deleteRoom(Int)
    /// Deletes every album.
    case deleteAllAlbums
    /// Deletes every room.
    case deleteAllRooms
    /// Throws ``Abandoned``, so the whole transaction rolls back.
    case abandon

    /// Applies the step to a store's transaction.
    func apply(to tx: StoreTransaction) throws {
        switch self {
        case .putArtist(let artist): try tx.insert(artist)
        case .putAlbum(let album, let policy): try tx.insert(album, localValues: policy)
        case .putRoom(let room): try tx.insert(room)
        case .updateArtist(let id, _, _): try tx.update(Artist.self, id: id, artistTransform)
        case .moveAlbum(let id, _), .retouchAlbum(let id, _, _, _, _), .catalogAlbum(let id, _),
            .renameAlbum(let id, _):
            try tx.update(Album.self, id: id, albumTransform)
        case .moveRoom(let id, _, _): try tx.update(Room.self, id: id, roomTransform)
        case .deleteArtist(let id): try tx.delete(Artist.self, id: id)
        case .deleteAlbum(let id): try tx.delete(Album.self, id: id)
        case .deleteRoom(let id): try tx.delete(Room.self, id: id)
        case .deleteAllAlbums: try tx.deleteAll(Album.self)
        case .deleteAllRooms: try tx.deleteAll(Room.self)
        case .abandon: throw Abandoned()
        }
    }

    /// Applies the step to the reference, as the transaction's view of it.
    ///
    /// - Throws: ``ReferenceRefusal/notFound`` for an update of a missing id,
    ///   ``ReferenceRefusal/abandoned`` for ``abandon``.
    func apply(to library: inout ReferenceLibrary) throws(ReferenceRefusal) {
        switch self {
        case .putArtist(let artist): library.artists.put(artist, localValues: .carryOver)
        case .putAlbum(let album, let policy): library.albums.put(album, localValues: policy)
        case .putRoom(let room): library.rooms.put(room, localValues: .carryOver)
        case .updateArtist(let id, _, _): try library.artists.update(id, artistTransform)
        case .moveAlbum(let id, _), .retouchAlbum(let id, _, _, _, _), .catalogAlbum(let id, _),
            .renameAlbum(let id, _):
            try library.albums.update(id, albumTransform)
        case .moveRoom(let id, _, _): try library.rooms.update(id, roomTransform)
        case .deleteArtist(let id): library.artists.objects[id] = nil
        case .deleteAlbum(let id): library.albums.objects[id] = nil
        case .deleteRoom(let id): library.rooms.objects[id] = nil
        case .deleteAllAlbums: library.albums.objects = [:]
        case .deleteAllRooms: library.rooms.objects = [:]
        case .abandon: throw .abandoned
        }
    }

    // MARK: - Transforms

    private func artistTransform(_ artist: Artist) -> Artist {
        guard case .updateArtist(_, let slug, let country) = self else { return artist }
        return artist.copyWith(slug: slug).copyWith(country: country)
    }

    private func albumTransform(_ album: Album) -> Album {
        switch self {
        case .moveAlbum(_, let artist):
            return album.copyWith(artist: Ref(id: artist))
        case .retouchAlbum(_, let year, let rating, let genre, let isPlaying):
            return album.copyWith(year: year).copyWith(rating: rating).copyWith(genre: genre)
                .copyWith(isPlaying: isPlaying)
        case .catalogAlbum(_, let catalog):
            return album.copyWith(catalog: catalog)
        case .renameAlbum(_, let newID):
            return Album(
                id: newID, title: album.title, artist: album.artist, year: album.year, rating: album.rating,
                genre: album.genre, tags: album.tags, extra: album.extra, cover: album.cover, catalog: album.catalog,
                peak: album.peak, isPlaying: album.isPlaying)
        default:
            return album
        }
    }

    private func roomTransform(_ room: Room) -> Room {
        guard case .moveRoom(_, let floor, let name) = self else { return room }
        return room.copyWith(floor: floor).copyWith(name: name)
    }

    // MARK: - Description

    /// The step in a few words, for a failure's message.
    var description: String {
        switch self {
        case .putArtist(let artist): "put artist \(artist.id) slug \(artist.slug) country \(artist.country ?? "nil")"
        case .putAlbum(let album, let policy):
            "put album \(album.id) by \(album.artist.id) year \(album.year) rating \(album.rating)"
                + " catalog \(album.catalog ?? "nil") (\(policy))"
        case .putRoom(let room): "put room \(room.id) \(room.name) floor \(room.floor.map(String.init) ?? "nil")"
        case .updateArtist(let id, let slug, let country):
            "update artist \(id) slug \(slug) country \(country ?? "nil")"
        case .moveAlbum(let id, let artist): "move album \(id) to \(artist)"
        case .retouchAlbum(let id, let year, let rating, let genre, let isPlaying):
            "retouch album \(id) year \(year) rating \(rating) genre \(genre?.rawValue ?? "nil") playing \(isPlaying)"
        case .catalogAlbum(let id, let catalog): "catalog album \(id) as \(catalog ?? "nil")"
        case .renameAlbum(let id, let newID): "rename album \(id) to \(newID)"
        case .moveRoom(let id, let floor, let name):
            "move room \(id) to floor \(floor.map(String.init) ?? "nil") as \(name)"
        case .deleteArtist(let id): "delete artist \(id)"
        case .deleteAlbum(let id): "delete album \(id)"
        case .deleteRoom(let id): "delete room \(id)"
        case .deleteAllAlbums: "delete all albums"
        case .deleteAllRooms: "delete all rooms"
        case .abandon: "throw"
        }
    }
}
