import Foundation
import Testing

@testable import Etch

@Suite struct DataSourcePersistenceTests {}

extension DataSourcePersistenceTests {
    func makeSource(_ url: URL, autosaveDelay: Duration? = nil) -> DataSource<TaskItem> {
        DataSource(sortedBy: [.ascending(\.rank)], file: DataSourceFile(url: url, autosaveDelay: autosaveDelay))
    }

    @Test func roundTripKeepsObjectsAndUndeclaredKeys() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        let tasks = makeSource(url)
        #expect(tasks.cacheStatus == .noFile)
        #expect(await !tasks.hasUnsavedChanges)
        let extra = try TaskItem(dictionary: ["id": "x", "title": "extra", "beta": ["nested": [1, 2.5, nil]]])
        await tasks.sortAndAdd(contentsOf: [task("a", rank: 2, due: 3), task("b", rank: 1, expanded: true), extra])
        #expect(await tasks.hasUnsavedChanges)
        try await tasks.save()
        #expect(await !tasks.hasUnsavedChanges)

        let reopened = makeSource(url)
        #expect(reopened.cacheStatus == .loaded(count: 3))
        #expect(reopened.cacheStatus.isFromCache)
        #expect(await reopened.objects == tasks.objects)
        #expect(await reopened.object(withID: "x")?["beta"] == ["nested": [1, 2.5, nil]])
        // Local values are not persisted.
        #expect(await reopened.object(withID: "b")?.isExpanded == false)
        #expect(await !reopened.hasUnsavedChanges)
    }

    @Test func fileFormatIsAHeaderAroundAnArrayAndABareArrayReads() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        let tasks = makeSource(url)
        await tasks.sortAndAdd(task("a"))
        try await tasks.save()
        let file = try JSONDecoder().decode(ModelValue.self, from: Data(contentsOf: url))
        #expect(file["format"] == "etch.datasource")
        #expect(file["version"] == 1)
        #expect(file["model"] == "TaskItem")
        #expect(file["objects"]?[0]?["id"] == "a")

        try Data(#"[{"id":"b","title":"bare","rank":3}]"#.utf8).write(to: url)
        #expect(await makeSource(url).object(withID: "b")?.rank == 3)
    }

    /// Damaged contents, each with words the error must contain. (One bad object is no
    /// damage, nor is a newer version: see DataSourcePersistenceTests+Recovery.swift.)
    static let damagedFiles: [(String, String)] = [
        (#"{"format":"etch.datasource","version":1,"objects":[{"id":"a","ti"#, "not valid JSON"),
        (#"{"format":"etch.datasource","version":"1","objects":[]}"#, "unsupported version"),
        (#"{"format":"etch.datasource","objects":[]}"#, "unsupported version (none)"),
        (#"{"format":"etch.datasource","version":1,"objects":{}}"#, #""objects" is not an array"#),
        (#"{"format":"etch.datasource","version":1,"model":"User","objects":[]}"#, "holds User objects"),
        (#"{"hello":"world"}"#, "not a data source file"),
        (#""just a string""#, "found string"),
        ("", "not valid JSON"),
    ]

    @Test(arguments: damagedFiles)
    func damagedFileIsKeptAsideWithAClearError(contents: String, expected: String) async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        try Data(contents.utf8).write(to: url)
        let tasks = makeSource(url)
        guard case .damaged(let error) = tasks.cacheStatus,
            case .damagedFile(let fileURL, let reason, let keptAt?) = error
        else {
            Issue.record("expected a damaged file, got \(tasks.cacheStatus)")
            return
        }
        #expect(fileURL == url)
        #expect(reason.contains(expected), "\(reason)")
        #expect(error.description.contains("could not be read") && error.description.contains(keptAt.path))
        #expect(keptAt.lastPathComponent.hasPrefix("tasks.json.damaged-"))
        #expect(try Data(contentsOf: keptAt) == Data(contents.utf8))
        #expect(await tasks.count == 0)

        // Saving writes a new file; the damaged one stays where it was put.
        await tasks.sortAndAdd(task("a"))
        try await tasks.save()
        #expect(await makeSource(url).count == 1)
        #expect(try Data(contentsOf: keptAt) == Data(contents.utf8))
    }

    @Test func writeErrorIsReportedAndChangesStayUnsaved() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("gone/tasks.json")
        let tasks = makeSource(url)
        await tasks.sortAndAdd(task("a"))
        await #expect {
            try await tasks.save()
        } throws: { error in
            guard case .writeFailed(let failedURL, let step, let code, _) = error as? DataSourceError else {
                return false
            }
            return failedURL == url && step == "create temporary file" && code == ENOENT
        }
        #expect(await tasks.hasUnsavedChanges)
        #expect(await tasks.saveError?.description.contains("Could not save") == true)

        // Once the directory exists, saving succeeds and clears the error.
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try await tasks.save()
        #expect(await tasks.saveError == nil)
        #expect(await !tasks.hasUnsavedChanges)
    }

    @Test func replacingADirectoryFailsAtRenameAndLeavesNoTemporaryFile() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        let tasks = makeSource(url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try Data().write(to: url.appendingPathComponent("keep"))
        await tasks.sortAndAdd(task("a"))
        await #expect(throws: DataSourceError.self) { try await tasks.save() }
        guard case .writeFailed(_, let step, _, _) = await tasks.saveError else {
            Issue.record("expected a write error")
            return
        }
        #expect(step == "rename")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["tasks.json"])
    }

    @Test func autosaveSavesAfterChangesAndPublishesErrors() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        let tasks = makeSource(url, autosaveDelay: .milliseconds(1))
        await tasks.sortAndAdd(contentsOf: [task("a"), task("b")])
        await waitUntil("the autosave") { await !tasks.hasUnsavedChanges }
        #expect(await makeSource(url).count == 2)

        var statuses = await tasks.statuses().makeAsyncIterator()
        #expect(await statuses.next()?.saveError == nil)
        try FileManager.default.removeItem(at: directory.url)
        await tasks.sortAndAdd(task("c"))
        let status = await statuses.next()
        #expect(status?.saveError?.url == url)
        #expect(await tasks.hasUnsavedChanges)
    }

    @Test func leftoverTemporaryFilesAreRemovedOnOpen() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        let leftover = directory.url.appendingPathComponent(".tasks.json.etch-tmp-123-456")
        try Data("partial".utf8).write(to: leftover)
        _ = makeSource(url)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }
}
