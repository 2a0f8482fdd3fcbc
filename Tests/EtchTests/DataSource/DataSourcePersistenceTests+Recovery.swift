import Foundation
import Testing

@testable import Etch

// What a data source does with a cache file it cannot fully read, and with objects it
// cannot write.
extension DataSourcePersistenceTests {
    /// The names in a directory besides `tasks.json`, sorted.
    func filesAside(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "tasks.json" }.sorted()
    }

    @Test func objectsThatDoNotDecodeAreSkippedAndTheFileIsCopiedAside() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        let contents = Data(
            #"""
            {"format":"etch.datasource","version":1,"model":"TaskItem","objects":[
            {"id":"a","title":"kept","rank":2},{"id":"b"},42,{"id":"c","title":"kept too","rank":1}]}
            """#.utf8)
        try contents.write(to: url)

        let tasks = makeSource(url)
        guard case .partiallyLoaded(let count, let skipped, let keptAt?) = tasks.cacheStatus else {
            Issue.record("expected a partial load, got \(tasks.cacheStatus)")
            return
        }
        #expect(count == 2)
        #expect(tasks.cacheStatus.isFromCache)
        #expect(await tasks.objects.map(\.id) == ["c", "a"])
        #expect(skipped.map(\.index) == [1, 2])
        #expect(skipped.map(\.id) == ["b", nil])
        #expect(skipped[0].description.hasPrefix(#"object 1 (id "b"): TaskItem: at "title""#), "\(skipped[0])")
        #expect(skipped[1].description == "object 2: expected an object, found number")
        #expect(tasks.cacheStatus.skippedObjects == skipped)
        // A copy, not a move: the original stays until the objects kept are saved over it.
        #expect(keptAt.lastPathComponent.hasPrefix("tasks.json.damaged-"))
        #expect(try Data(contentsOf: keptAt) == contents)
        #expect(try Data(contentsOf: url) == contents)

        #expect(await tasks.hasUnsavedChanges)
        try await tasks.save()
        let reopened = makeSource(url)
        #expect(reopened.cacheStatus == .loaded(count: 2))
        #expect(try Data(contentsOf: keptAt) == contents)
        #expect(try filesAside(in: directory.url) == [keptAt.lastPathComponent])
    }

    @Test func withAutosaveAPartiallyLoadedFileIsRewrittenWithoutTheSkippedObjects() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        try Data(#"[{"id":"a","title":"kept"},{"id":"b"}]"#.utf8).write(to: url)
        let tasks = makeSource(url, autosaveDelay: .milliseconds(1))
        #expect(tasks.cacheStatus.skippedObjects.map(\.index) == [1])
        await waitUntil("the cleaned file is saved") { await !tasks.hasUnsavedChanges }
        #expect(makeSource(url).cacheStatus == .loaded(count: 1))
        #expect(try filesAside(in: directory.url).count == 1)
    }

    @Test func aFileWhoseObjectsAllFailIsPartiallyLoadedWithNone() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        try Data(#"{"format":"etch.datasource","version":1,"objects":[{"id":"a"}]}"#.utf8).write(to: url)
        let status = makeSource(url).cacheStatus
        guard case .partiallyLoaded(0, let skipped, _?) = status else {
            Issue.record("expected a partial load of nothing, got \(status)")
            return
        }
        #expect(
            skipped.map(\.description) == [
                #"object 0 (id "a"): TaskItem: at "title": missing required key (expected String)"#
            ])
    }

    @Test func aNewerVersionIsLeftUntouchedAndNotOverwritten() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        let contents = Data(#"{"format":"etch.datasource","version":7,"objects":[{"future":true}]}"#.utf8)
        try contents.write(to: url)

        let tasks = makeSource(url)
        #expect(tasks.cacheStatus == .unreadable(.unsupportedVersion(url, version: 7, supported: 1)))
        #expect(!tasks.cacheStatus.isFromCache)
        await tasks.sortAndAdd(task("a"))
        await #expect {
            try await tasks.save()
        } throws: { error in
            guard case .saveRefused(let refusedURL, let reason) = error as? DataSourceError else { return false }
            return refusedURL == url && reason.contains("format version 7")
        }
        #expect(try Data(contentsOf: url) == contents)
        #expect(try filesAside(in: directory.url).isEmpty)
    }

    @Test func aFileThatCannotBeReadIsLeftUntouchedAndNotOverwritten() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        // Reading a directory fails (EISDIR) even as root, unlike a file without permissions.
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: url.appendingPathComponent("keep"))

        let tasks = makeSource(url, autosaveDelay: .milliseconds(1))
        guard case .unreadable(let error) = tasks.cacheStatus, case .readFailed(url, "read", EISDIR, _) = error else {
            Issue.record("expected a read error, got \(tasks.cacheStatus)")
            return
        }
        #expect(error.description.contains("left untouched"))
        await tasks.sortAndAdd(task("a"))
        await #expect(throws: DataSourceError.self) { try await tasks.save() }
        guard case .saveRefused(url, _) = await tasks.saveError else {
            Issue.record("expected a refusal, got \(String(describing: await tasks.saveError))")
            return
        }
        #expect(await tasks.hasUnsavedChanges)
        #expect(try Data(contentsOf: url.appendingPathComponent("keep")) == Data("keep".utf8))
        #expect(try filesAside(in: directory.url).isEmpty)
    }

    @Test(arguments: [EIO, EMFILE, EACCES])
    func aTransientReadErrorIsNotDamage(code: Int32) throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        let contents = Data(#"[{"id":"a","title":"healthy"}]"#.utf8)
        try contents.write(to: url)
        let failure = DataSourceError.readFailed(url, step: "read", code: code, reason: "injected")
        let result = DataSourceFileStore<TaskItem>.load(from: url) { _ throws(DataSourceError) in throw failure }
        guard case .unreadable(failure) = result else {
            Issue.record("expected the read error, got \(result)")
            return
        }
        #expect(try Data(contentsOf: url) == contents)
        #expect(try filesAside(in: directory.url).isEmpty)
        // The same file, read normally, is fine.
        guard case .loaded(let objects) = DataSourceFileStore<TaskItem>.load(from: url) else {
            Issue.record("expected the file to load")
            return
        }
        #expect(objects.map(\.title) == ["healthy"])
    }

    @Test func anObjectThatCannotBeWrittenFailsTheSaveByNameAndKeepsThePreviousFile() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        let tasks = makeSource(url)
        await tasks.sortAndAdd(contentsOf: [task("a", rank: 1), task("b", rank: 2)])
        try await tasks.save()
        let saved = try Data(contentsOf: url)

        await tasks.sortAndAdd(
            try TaskItem(dictionary: ["id": "bad", "title": "t", "rank": 3, "score": .double(.nan)]))
        await #expect {
            try await tasks.save()
        } throws: { error in
            guard case .encodingFailed(let failedURL, let reason) = error as? DataSourceError else { return false }
            return failedURL == url
                && reason == #"object 2 (id "bad") at "score": cannot write the non-finite number nan as JSON"#
        }
        #expect(await tasks.hasUnsavedChanges)
        #expect(try Data(contentsOf: url) == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["tasks.json"])

        // Once the object is gone, saving works again.
        await tasks.remove(id: "bad")
        try await tasks.save()
        #expect(makeSource(url).cacheStatus == .loaded(count: 2))
    }
}
