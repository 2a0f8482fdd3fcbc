/// A run of one model's records, as the file holds them, with all their bytes in one buffer:
/// what one thread decodes while the next run is read, so that an open makes one allocation
/// per run rather than two or three per record, and never holds every record at once.
struct StoredRecordChunk: Sendable {
    /// Each record's id, as stored.
    var ids: [String] = []
    /// The records' JSON bodies, then their `@local` values' JSON where they have some, one
    /// after the other.
    var bytes: [UInt8] = []
    /// Where each record's body is in ``bytes``.
    var bodies: [Range<Int>] = []
    /// Where each record's `@local` JSON is in ``bytes``, or nil when it has none.
    var locals: [Range<Int>?] = []

    /// The number of records.
    var count: Int { ids.count }
}

/// Reads one model's records from the file in runs (``StoredRecordChunk``), in id order, by
/// stepping one statement, which SQLite answers from the objects table's primary key
/// without sorting.
struct StoredRecordCursor: ~Copyable {
    /// `SELECT id, body, local FROM objects WHERE model = ?1`, bound.
    private let select: SQLiteStatement
    /// Whether the statement ran to its end: stepping it again would start it over.
    private var finished = false

    /// Starts reading the records of `model`.
    ///
    /// - Throws: as ``StoreConnection/readAll(model:)``.
    init(model: String, in database: borrowing SQLiteDatabase) throws(StoreError) {
        let select = try database.prepare("SELECT id, body, local FROM objects WHERE model = ?1")
        try select.bind(model, at: 1)
        self.select = select
    }

    /// The next run of at most `records` records, fewer when their bytes reach `bytes`; nil
    /// after the last record.
    ///
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` when SQLite finds the file corrupt,
    ///   ``StoreError/fileFailure(path:reason:)`` when reading fails.
    mutating func next(records: Int, bytes: Int) throws(StoreError) -> StoredRecordChunk? {
        guard !finished else { return nil }
        var chunk = StoredRecordChunk()
        chunk.ids.reserveCapacity(records)
        chunk.bodies.reserveCapacity(records)
        chunk.locals.reserveCapacity(records)
        chunk.bytes.reserveCapacity(bytes + bytes / 8)
        while chunk.count < records, chunk.bytes.count < bytes {
            guard try select.step() else {
                finished = true
                break
            }
            chunk.ids.append(select.text(at: 0))
            chunk.bodies.append(select.appendBlob(at: 1, to: &chunk.bytes) ?? chunk.bytes.count..<chunk.bytes.count)
            chunk.locals.append(select.appendBlob(at: 2, to: &chunk.bytes))
        }
        return chunk.count == 0 ? nil : chunk
    }
}
