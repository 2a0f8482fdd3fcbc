import Foundation
import Observation
import Testing

@testable import Etch

@Suite struct DataSourceMirrorTests {}

/// Counts Observation change notifications for one property read.
@MainActor
final class ObservationCounter {
    var count = 0

    func track(_ read: @escaping @MainActor () -> Void) {
        withObservationTracking {
            read()
        } onChange: {
            Task { @MainActor in
                self.count += 1
                self.track(read)
            }
        }
    }
}

extension DataSourceMirrorTests {
    @MainActor
    @Test func mirrorFollowsObjectsAndLoadState() async throws {
        let server = FakeServer(count: 15)
        let tasks = DataSource<TaskItem>(sortedBy: [.descending(\.rank)], pageSize: 10) { offset, limit in
            try await server.page(offset: offset, limit: limit)
        }
        await tasks.sortAndAdd(task("local", rank: 100))
        let mirror = DataSourceMirror(tasks)
        let counter = ObservationCounter()
        counter.track { _ = mirror.objects }

        await waitUntil("the initial contents") { mirror.objects.count == 1 }
        #expect(mirror.lastChange?.insertions == [0])
        // Each wait for a notification also waits for tracking to be registered again, so
        // the next change cannot slip by unobserved.
        await waitUntil("observing the initial contents") { counter.count >= 1 }

        try await tasks.loadNextPage()
        await waitUntil("the first page") { mirror.objects.count == 11 && mirror.loadState.description == "loaded" }
        await waitUntil("observing the first page") { counter.count >= 2 }
        try await tasks.loadNextPage()
        await waitUntil("the last page") { mirror.loadState.isExhausted }
        await waitUntil("the mirror to catch up") { mirror.changeCount == 3 }
        #expect(mirror.objects == (await tasks.objects))
        #expect(mirror.objects.first?.id == "local")
        await waitUntil("observing the last page") { counter.count >= 3 }

        await tasks.update(id: "s000") { $0.copyWith(rank: 1_000) }
        await waitUntil("the move") { mirror.objects.first?.id == "s000" }
        #expect(mirror.lastChange?.moves == [.init(oldIndex: 15, newIndex: 0)])
        await waitUntil("observing the move") { counter.count >= 4 }
    }

    @MainActor
    @Test func mirrorShowsSaveErrors() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("missing/tasks.json")
        let tasks = DataSource<TaskItem>(sortedBy: [], file: DataSourceFile(url: url, autosaveDelay: nil))
        let mirror = DataSourceMirror(tasks)
        await tasks.sortAndAdd(task("a"))
        await #expect(throws: DataSourceError.self) { try await tasks.save() }
        await waitUntil("the error") { mirror.saveError != nil }
        #expect(mirror.saveError?.url == url)
    }

    @MainActor
    @Test func mirrorThatGoesAwayUnsubscribes() async {
        let tasks = DataSource<TaskItem>(sortedBy: [])
        var mirror: DataSourceMirror<TaskItem>? = DataSourceMirror(tasks)
        await waitUntil("the mirror to subscribe") { await tasks.changeSubscriberCount == 1 }
        #expect(mirror?.dataSource === tasks)
        mirror = nil
        await waitUntil("the subscription to end") { await tasks.changeSubscriberCount == 0 }
    }
}
