import Dispatch
@_spi(EtchCollections) import Etch
import Foundation

/// A table that reads its model's records from a store file as the store opens.
protocol RecordLoading: AnyObject {
    /// Reads the model's records of the file into the empty table; see
    /// ``ModelTable/loadRecords(from:path:)``.
    func loadRecords(from connection: borrowing StoreConnection, path: String) throws(StoreError) -> [StoredRecord]
}

extension ModelTable: RecordLoading {
    /// How many records one thread decodes at a time, at most.
    static var chunkRecords: Int { 1_024 }
    /// How many bytes of records one thread decodes at a time, about.
    static var chunkBytes: Int { 1 << 20 }

    /// Reads the model's records of the file into the empty table, decoding them on every
    /// core: runs of records (``StoredRecordChunk``) are read, decoded in parallel straight
    /// from their bytes, and dropped, round after round, so the records are never all held
    /// at once. Objects of one key sequence share one key array.
    ///
    /// A model with `@renamed(from:)` fields reads its records whole instead, through
    /// ``load(_:path:)``, which moves the values under old keys.
    ///
    /// Each object without `@local` values is held as its JSON bytes
    /// (``HeldObject/stored(_:)``), read whole the first time it is asked for: the open
    /// reads and checks its declared fields, as the model checks them, reads the id's and
    /// indexes' keys from them, and checks the rest as JSON without building it (see
    /// ``IndexedMembers``). So a record that does not read as the model, or is not JSON, is
    /// an error here, at open, as before.
    ///
    /// - Returns: The records whose values under a field's old keys were moved, for the
    ///   opening to write back.
    /// - Throws: as ``load(_:path:)``; and as ``StoreConnection/readAll(model:)`` when
    ///   reading fails.
    /// - Complexity: O(*n* log *n*) for *n* records, the decoding spread over the cores.
    func loadRecords(from connection: borrowing StoreConnection, path: String) throws(StoreError) -> [StoredRecord] {
        if Model._schema.fields.contains(where: { !$0.renamedFrom.isEmpty }) {
            return try load(connection.readAll(model: Model.modelName), path: path)
        }
        var cursor = try connection.records(of: Model.modelName)
        let width = Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let indexes = indexes.map(\.index)
        let members = IndexedMembers(indexes: indexes).map { ($0, JSONObjectBytes.Decoder()) }
        var loaded = LoadedObjects(indexCount: indexes.count)
        var failures = SchemaFailures()
        var finished = false
        let decoders = RecordDecoders(count: width)
        while !finished {
            var chunks: [StoredRecordChunk] = []
            while chunks.count < 2 * width {
                guard let chunk = try cursor.next(records: Self.chunkRecords, bytes: Self.chunkBytes) else {
                    finished = true
                    break
                }
                chunks.append(chunk)
            }
            for part in Self.decodeInParallel(chunks, with: decoders, indexes: indexes, members: members) {
                if let unreadable = part.unreadable { throw unreadable }
                loaded.append(contentsOf: part.objects)
                failures.merge(part.failures)
            }
        }
        try finishLoading(loaded, failures: failures, path: path)
        return []
    }

    /// The objects of one run of records and their keys, or why some do not read.
    struct DecodedChunk {
        var objects: LoadedObjects
        var failures = SchemaFailures()
        /// The first record that is not JSON, or whose `@local` values do not read: decoding
        /// stopped there.
        var unreadable: StoreError?
    }

    /// Decodes `chunks` on as many threads as there are decoders, each thread with its own
    /// decoder, which it keeps from round to round so that values repeated through the
    /// file are shared across all the records a thread reads.
    static func decodeInParallel(
        _ chunks: [StoredRecordChunk], with decoders: RecordDecoders, indexes: [ModelIndex<Model>],
        members: (IndexedMembers<Model>, JSONObjectBytes.Decoder)?
    ) -> [DecodedChunk] {
        let lanes = Swift.min(decoders.count, chunks.count)
        guard lanes > 1 else {
            return chunks.map { decode($0, with: decoders[0], indexes: indexes, members: members) }
        }
        let results = Slots<DecodedChunk>(count: chunks.count)
        defer { results.free() }
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for position in stride(from: lane, to: chunks.count, by: lanes) {
                results.initialize(
                    position, to: decode(chunks[position], with: decoders[lane], indexes: indexes, members: members))
            }
        }
        return results.moveAll()
    }

    /// Decodes one run of records straight from its bytes, on the calling thread, and reads
    /// the keys of `indexes` of each object while it is fresh.
    static func decode(
        _ chunk: StoredRecordChunk, with decoder: JSONRecordDecoder, indexes: [ModelIndex<Model>],
        members: (IndexedMembers<Model>, JSONObjectBytes.Decoder)?
    ) -> DecodedChunk {
        var decoded = DecodedChunk(objects: LoadedObjects(indexCount: indexes.count))
        decoded.objects.reserveCapacity(chunk.count)
        let readers = IndexKeyReaders(indexes)
        chunk.bytes.withUnsafeBytes { bytes in
            for position in 0..<chunk.count {
                do {
                    let body = UnsafeRawBufferPointer(rebasing: bytes[chunk.bodies[position]])
                    if let (members, bytesDecoder) = members, chunk.locals[position] == nil,
                        let read = try members.read(body)
                    {
                        let keys = try members.model(of: read)
                        let held = HeldObject.stored(JSONObjectBytes(copying: body, decoder: bytesDecoder))
                        decoded.objects.append(keys, held: held, readers: readers)
                        continue
                    }
                    var object = try decoder.model(
                        Model.self, from: UnsafeRawBufferPointer(rebasing: bytes[chunk.bodies[position]]))
                    if let local = chunk.locals[position] {
                        let values = try JSONDecoder().decode(Model.LocalValues.self, from: Data(bytes[local]))
                        object = object.replacingLocalValues(values)
                    }
                    decoded.objects.append(object, readers: readers)
                } catch {
                    if let modelError = (error as? JSONError)?.modelError ?? (error as? ModelError) {
                        decoded.failures.add(modelError, id: chunk.ids[position])
                        continue
                    }
                    decoded.unreadable = .unreadableObject(
                        model: Model.modelName, id: chunk.ids[position], reason: "\(error)")
                    return
                }
            }
        }
        return decoded
    }
}

/// One record decoder per thread of a parallel read.
///
/// `@unchecked Sendable`: a decoder is not, and each thread uses only the decoder of its
/// own lane (``ModelTable/decodeInParallel(_:with:)``), one lane at a time.
struct RecordDecoders: @unchecked Sendable {
    private let decoders: [JSONRecordDecoder]

    init(count: Int) {
        decoders = (0..<Swift.max(count, 1)).map { _ in JSONRecordDecoder() }
    }

    /// The number of decoders, at least one.
    var count: Int { decoders.count }

    /// The decoder of lane `lane`.
    subscript(lane: Int) -> JSONRecordDecoder { decoders[lane] }
}
