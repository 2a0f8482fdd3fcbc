import Dispatch
@_spi(EtchCollections) import Etch
import Foundation
import Synchronization

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

    /// Reads the model's records of the file into the empty table, on every core: runs of
    /// records (``StoredRecordChunk``) are read and decoded in parallel straight from their
    /// bytes, round after round, each round decoding while the next is read from SQLite, so
    /// SQLite's copies of the records are never all held at once.
    ///
    /// A model with `@renamed(from:)` fields reads its records whole instead, through
    /// ``load(_:path:)``, which moves the values under old keys.
    ///
    /// Each object without `@local` values is held as its JSON bytes
    /// (``HeldObject/stored(_:)``), read whole the first time it is asked for: the open
    /// reads and checks its declared fields, as the model checks them, reads the id's and
    /// indexes' keys from them, and checks the rest as JSON without building it (see
    /// ``DeclaredMembers``). So a record that does not read as the model, or is not JSON, is
    /// an error here, at open, as before. An object read later shares key arrays and values
    /// spelled alike with the objects its lane read before, and its bytes are freed then.
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
        let members = DeclaredMembers(indexes: indexes)
        var loaded = LoadedObjects(indexCount: indexes.count)
        var failures = SchemaFailures()
        let decoders = RecordDecoders(count: width)
        // Each round's records are decoded on the other threads while this one reads the
        // next round's from SQLite.
        var round = try Self.readRound(&cursor, chunks: 2 * width)
        while !round.isEmpty {
            let decoding = DecodingRound(round, with: decoders, indexes: indexes, members: members)
            let next: Result<[StoredRecordChunk], StoreError>
            do throws(StoreError) {
                next = .success(try Self.readRound(&cursor, chunks: 2 * width))
            } catch {
                next = .failure(error)
            }
            for part in decoding.finish() {
                if let unreadable = part.unreadable { throw unreadable }
                loaded.append(contentsOf: part.objects)
                failures.merge(part.failures)
            }
            round = try next.get()
        }
        try finishLoading(loaded, failures: failures, path: path)
        return []
    }

    /// The next `chunks` runs of records, fewer at the end; none after the last record.
    private static func readRound(_ cursor: inout StoredRecordCursor, chunks count: Int) throws(StoreError)
        -> [StoredRecordChunk]
    {
        var chunks: [StoredRecordChunk] = []
        while chunks.count < count {
            guard let chunk = try cursor.next(records: chunkRecords, bytes: chunkBytes) else { break }
            chunks.append(chunk)
        }
        return chunks
    }

    /// The objects of one run of records and their keys, or why some do not read.
    struct DecodedChunk {
        var objects: LoadedObjects
        var failures = SchemaFailures()
        /// The first record that is not JSON, or whose `@local` values do not read: decoding
        /// stopped there.
        var unreadable: StoreError?
    }

    /// One round of runs of records decoding on as many threads as there are decoders, each
    /// thread with its own decoder, which it keeps from round to round so that values
    /// repeated through the file are shared across all the records a thread reads.
    ///
    /// The other threads start at once; the thread that started the round joins them in
    /// ``finish()``, taking runs from the same counter, so the round ends even when no
    /// other thread is free to take one.
    struct DecodingRound: ~Copyable {
        private let group = DispatchGroup()
        private let work: DecodingWork

        /// Starts decoding `chunks` on the other threads.
        init(
            _ chunks: [StoredRecordChunk], with decoders: RecordDecoders, indexes: [ModelIndex<Model>],
            members: DeclaredMembers<Model>?
        ) {
            let work = DecodingWork(chunks, with: decoders, indexes: indexes, members: members)
            self.work = work
            for lane in 1..<Swift.max(Swift.min(decoders.count, chunks.count), 1) {
                DispatchQueue.global().async(group: group) { work.run(lane: lane) }
            }
        }

        /// Decodes the runs no other thread took, waits for the others, and returns every
        /// run decoded, in order.
        consuming func finish() -> [DecodedChunk] {
            work.run(lane: 0)
            group.wait()
            defer { work.results.free() }
            return work.results.moveAll()
        }
    }

    /// The runs of one round and their results: each thread takes the next run from a
    /// counter and decodes it with its lane's decoder.
    final class DecodingWork: Sendable {
        let results: Slots<DecodedChunk>
        private let chunks: [StoredRecordChunk]
        private let decoders: RecordDecoders
        private let indexes: [ModelIndex<Model>]
        private let members: DeclaredMembers<Model>?
        private let next = Atomic<Int>(0)

        init(
            _ chunks: [StoredRecordChunk], with decoders: RecordDecoders, indexes: [ModelIndex<Model>],
            members: DeclaredMembers<Model>?
        ) {
            results = Slots(count: chunks.count)
            self.chunks = chunks
            self.decoders = decoders
            self.indexes = indexes
            self.members = members
        }

        /// Decodes runs with lane `lane`'s decoder until none is left.
        func run(lane: Int) {
            while true {
                let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard position < chunks.count else { return }
                results.initialize(position, to: decode(chunks[position], with: decoders, lane: lane, indexes, members))
            }
        }
    }

    /// Decodes one run of records straight from its bytes, on the calling thread, and reads
    /// the keys of `indexes` of each object while it is fresh.
    static func decode(
        _ chunk: StoredRecordChunk, with decoders: RecordDecoders, lane: Int, _ indexes: [ModelIndex<Model>],
        _ members: DeclaredMembers<Model>?
    ) -> DecodedChunk {
        let decoder = decoders[lane]
        var decoded = DecodedChunk(objects: LoadedObjects(indexCount: indexes.count))
        decoded.objects.reserveCapacity(chunk.count)
        let readers = IndexKeyReaders(indexes)
        chunk.bytes.withUnsafeBytes { bytes in
            for position in 0..<chunk.count {
                do {
                    let body = UnsafeRawBufferPointer(rebasing: bytes[chunk.bodies[position]])
                    if let members, chunk.locals[position] == nil, let read = try members.read(body) {
                        let keys = try members.model(of: read)
                        let held = HeldObject.stored(JSONObjectBytes(copying: body, decoder: decoders.kept(lane: lane)))
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

/// One record decoder per thread of a parallel read, and the decoder the objects that
/// thread keeps as bytes read through later: one per thread, so that keeping an object,
/// which retains its decoder, does not retain one object from every core.
///
/// `@unchecked Sendable`: a record decoder is not, and each thread uses only the decoder of
/// its own lane (``ModelTable/DecodingRound``), one lane at a time.
struct RecordDecoders: @unchecked Sendable {
    private let decoders: [JSONRecordDecoder]
    private let keptDecoders: [JSONObjectBytes.Decoder]

    init(count: Int) {
        decoders = (0..<Swift.max(count, 1)).map { _ in JSONRecordDecoder() }
        keptDecoders = decoders.map { _ in JSONObjectBytes.Decoder() }
    }

    /// The decoder the objects kept as bytes by lane `lane` read through.
    func kept(lane: Int) -> JSONObjectBytes.Decoder { keptDecoders[lane] }

    /// The number of decoders, at least one.
    var count: Int { decoders.count }

    /// The decoder of lane `lane`.
    subscript(lane: Int) -> JSONRecordDecoder { decoders[lane] }
}
