import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation

extension StoreFileBenchmarks {
    /// Opening a file written before the schema gained a field, `MoodTrack.mood` (a default,
    /// and an `@index`), against opening the same objects written with the field.
    ///
    /// Both files are written record by record through ``StoreFile``, as an older schema
    /// wrote them: the same JSON but for the `mood` key, which only the newer file holds.
    /// Each open reads every object, gives the older ones the default, and builds every index,
    /// the new one included; both must first give the same objects and the same index.
    static func openAfterSchemaChange(_ runner: inout Runner, name: String, size: Int) async throws {
        runner.progress("writing \(size) tracks to a store file with a mood and one without")
        let directory = try ScratchDirectory()
        let older = directory.url.appending(path: "before-mood.store")
        let newer = directory.url.appending(path: "with-mood.store")
        var (olderRecords, newerRecords): ([RecordChange], [RecordChange]) = ([], [])
        for track in StoreBenchmarks.tracks(size) {
            let object = MoodTrack(
                id: track.id, code: track.code, album: track.album, plays: track.plays, title: track.title,
                score: track.score, record: track.record)
            var withoutMood = object.dictionary
            withoutMood["mood"] = nil
            // The stored id of an Int id is its digits.
            let id = "\(track.id)"
            newerRecords.append(
                .put(StoredRecord(model: MoodTrack.modelName, id: id, body: Array(try object.jsonData()), local: nil)))
            olderRecords.append(
                .put(
                    StoredRecord(
                        model: MoodTrack.modelName, id: id, body: Array(try ModelValue.object(withoutMood).jsonData()),
                        local: nil)))
        }
        for (url, records) in [(older, olderRecords), (newer, newerRecords)] {
            let file = try StoreFile(url: url)
            try file.commit(records)
            file.close()
        }

        let (before, after) = (try await moods(in: older), try await moods(in: newer))
        try expectSame(before.stored, 0, "moods in the older file")
        try expectSame(after.stored, size, "moods in the newer file")
        try expectSame(before.objects.map(\.id), after.objects.map(\.id), "the ids of the two files")
        for (field, value) in [("code", \MoodTrack.code), ("title", \.title), ("mood", \.mood)] {
            try expectSame(
                before.objects.map { $0[keyPath: value] }, after.objects.map { $0[keyPath: value] },
                "the \(field)s of the two files")
        }
        try expectSame(before.objects.map(\.plays), after.objects.map(\.plays), "the plays of the two files")
        try expectSame(before.calm, size, "the mood index of the older file")
        try expectSame(after.calm, size, "the mood index of the newer file")

        try await runner.compare(name) {
            try await Store(url: older, models: [MoodTrack.self]).count
        } baseline: {
            try await Store(url: newer, models: [MoodTrack.self]).count
        }
        runner.note("store file without the field \(storeFileSize(older)), with it \(storeFileSize(newer))")
    }

    /// The objects of the store file at `url`, how many of them hold a `mood` key, and how
    /// many the mood index finds calm.
    private static func moods(in url: URL) async throws -> (objects: [MoodTrack], stored: Int, calm: Int) {
        let store = try Store(url: url, models: [MoodTrack.self])
        let objects = try await store.objects(MoodTrack.self)
        let calm = try await store.objects(MoodTrack.self, where: \.mood, is: "calm").count
        await store.close()
        return (objects, objects.count { $0.dictionary["mood"] != nil }, calm)
    }
}
