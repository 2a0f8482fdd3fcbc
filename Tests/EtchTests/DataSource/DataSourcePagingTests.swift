import Foundation
import Testing

@testable import Etch

@Suite struct DataSourcePagingTests {}

/// A fake server: serves `items` in pages, counts calls, can fail or hold a call until released.
actor FakeServer {
    struct Failure: Error, Equatable {}

    var items: [TaskItem]
    private(set) var requests: [(offset: Int, limit: Int)] = []
    var failNext = false
    var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        items = (0..<count).map { task(String(format: "s%03d", $0), rank: $0) }
    }

    var heldCount: Int { held.count }

    func hold() { holding = true }

    func release() {
        holding = false
        for continuation in held { continuation.resume() }
        held = []
    }

    func setFailNext() { failNext = true }

    func page(offset: Int, limit: Int) async throws -> [TaskItem] {
        requests.append((offset, limit))
        if holding { await withCheckedContinuation { held.append($0) } }
        if failNext {
            failNext = false
            throw Failure()
        }
        return Array(items[min(offset, items.count)..<min(offset + limit, items.count)])
    }

    func setItems(_ items: [TaskItem]) { self.items = items }
}

extension DataSourcePagingTests {
    func makeSource(_ server: FakeServer, pageSize: Int = 10) -> DataSource<TaskItem> {
        DataSource(sortedBy: [.ascending(\.rank)], pageSize: pageSize) { offset, limit in
            try await server.page(offset: offset, limit: limit)
        }
    }

    @Test func pagesLoadUntilExhausted() async throws {
        let server = FakeServer(count: 25)
        let tasks = makeSource(server)
        #expect(await tasks.loadState.description == "idle")
        try await tasks.loadNextPage()
        #expect(await tasks.count == 10)
        #expect(await tasks.loadState.description == "loaded")
        try await tasks.loadNextPage()
        try await tasks.loadNextPage()
        #expect(await tasks.count == 25)
        #expect(await tasks.loadState.isExhausted)
        try await tasks.loadNextPage()
        #expect(await server.requests.map(\.offset) == [0, 10, 20])
        #expect(await server.requests.allSatisfy { $0.limit == 10 })
    }

    @Test func failedLoadKeepsObjectsAndRetriesTheSamePage() async throws {
        let server = FakeServer(count: 25)
        let tasks = makeSource(server)
        try await tasks.loadNextPage()
        await server.setFailNext()
        await #expect(throws: FakeServer.Failure.self) { try await tasks.loadNextPage() }
        #expect(await tasks.count == 10)
        #expect(await tasks.loadState.error is FakeServer.Failure)
        try await tasks.loadNextPage()
        #expect(await tasks.count == 20)
        #expect(await server.requests.map(\.offset) == [0, 10, 10])
    }

    @Test func concurrentLoadsOfTheSamePageCoalesce() async throws {
        let server = FakeServer(count: 25)
        let tasks = makeSource(server)
        await server.hold()
        async let first: Void = tasks.loadNextPage()
        await waitUntil("the loader to be called") { await server.heldCount == 1 }
        #expect(await tasks.loadState.isLoading)
        async let second: Void = tasks.loadNextPage()
        async let third: Void = tasks.loadNextPage()
        await waitUntil("both callers to join") { await tasks.coalescedLoadCount == 2 }
        await server.release()
        _ = try await (first, second, third)
        #expect(await server.requests.count == 1)
        #expect(await tasks.count == 10)
    }

    @Test func coalescedCallersShareTheError() async throws {
        let server = FakeServer(count: 25)
        let tasks = makeSource(server)
        await server.hold()
        await server.setFailNext()
        let first = Task { try await tasks.loadNextPage() }
        await waitUntil("the loader to be called") { await server.heldCount == 1 }
        let second = Task { try await tasks.loadNextPage() }
        await waitUntil("the caller to join") { await tasks.coalescedLoadCount == 1 }
        await server.release()
        await #expect(throws: FakeServer.Failure.self) { try await first.value }
        await #expect(throws: FakeServer.Failure.self) { try await second.value }
        #expect(await server.requests.count == 1)
    }

    /// Two pages loaded; then the server drops its first item and changes the next one.
    private func sourceWithTwoPagesAndAChangedServer() async throws -> (FakeServer, DataSource<TaskItem>) {
        let server = FakeServer(count: 25)
        let tasks = makeSource(server)
        try await tasks.loadNextPage()
        try await tasks.loadNextPage()
        await tasks.update(id: "s001") { $0.copyWith(isExpanded: true) }
        var items = await server.items
        items.remove(at: 0)
        items[0] = items[0].copyWith(title: "changed")
        await server.setItems(items)
        return (server, tasks)
    }

    @Test func reloadReplacesThePageKeepsTheRestAndRestartsPaging() async throws {
        let (server, tasks) = try await sourceWithTwoPagesAndAChangedServer()
        try await tasks.reload()
        // Pull to refresh removes nothing: s000 and the second page stay.
        #expect(await tasks.count == 20)
        #expect(await tasks.object(withID: "s000") != nil)
        #expect(await tasks.object(withID: "s001")?.title == "changed")
        #expect(await tasks.object(withID: "s001")?.isExpanded == true)
        try await tasks.loadNextPage()
        #expect(await server.requests.map(\.offset) == [0, 10, 0, 10])
    }

    @Test func reloadRemovingMissingWithinPageRemovesOnlyWhatThePageCovers() async throws {
        let (_, tasks) = try await sourceWithTwoPagesAndAChangedServer()
        try await tasks.reload(removing: .missingWithinPage)
        // The page covers s001...s010: s000, missing from it, leaves; s011...s019 stay.
        #expect(await tasks.objects.map(\.id) == (1..<20).map { String(format: "s%03d", $0) })
        #expect(await tasks.object(withID: "s001")?.isExpanded == true)
    }

    @Test func aShortFirstPageCoversTheWholeList() async throws {
        let server = FakeServer(count: 3)
        let tasks = makeSource(server)
        await tasks.sortAndAdd(task("s999", rank: 999))
        try await tasks.reload(removing: .missingWithinPage)
        #expect(await tasks.objects.map(\.id) == ["s000", "s001", "s002"])
    }

    @Test func reloadRemovingAllMissingMakesTheContentsTheFirstPage() async throws {
        let (server, tasks) = try await sourceWithTwoPagesAndAChangedServer()
        try await tasks.reload(removing: .allMissing)
        #expect(await tasks.objects.map(\.id) == server.items.prefix(10).map(\.id))
        #expect(await tasks.object(withID: "s001")?.isExpanded == true)
    }

    @Test func reloadSupersedesAPageLoadInFlight() async throws {
        let server = FakeServer(count: 25)
        let tasks = makeSource(server)
        await server.hold()
        let page = Task { try await tasks.loadNextPage() }
        await waitUntil("the page load to start") { await server.heldCount == 1 }
        let reload = Task { try await tasks.reload() }
        await waitUntil("the reload to start") { await server.heldCount == 2 }
        await server.release()
        await #expect(throws: CancellationError.self) { try await page.value }
        try await reload.value
        #expect(await tasks.count == 10)
        #expect(await tasks.loadState.description == "loaded")
    }

    @Test func withoutLoaderPagingDoesNothing() async throws {
        let tasks = DataSource<TaskItem>(sortedBy: [])
        try await tasks.loadNextPage()
        try await tasks.reload()
        #expect(await tasks.loadState.description == "idle")
    }
}
