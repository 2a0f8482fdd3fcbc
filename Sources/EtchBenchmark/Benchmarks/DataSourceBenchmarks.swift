import Etch
import EtchBenchmarkSupport

/// Keeping a long list sorted while objects change: a ``DataSource`` (binary search and
/// one memory move per change; one merge per large batch) against the naive way, an array
/// where the element is replaced and the whole array sorted again.
///
/// Both sides hold the same objects in the same order (rank, then id) and apply the same
/// changes, including making the changed copy with `copyWith(rank:)`.
enum DataSourceBenchmarks {
    /// The order of both sides: by rank, ties by id, as the data source breaks them.
    static func precedes(_ lhs: ListItem, _ rhs: ListItem) -> Bool {
        let (left, right) = (lhs.rank, rhs.rank)
        return left != right ? left < right : lhs.id < rhs.id
    }

    /// Runs the single-replace rows for each size, then the batch row.
    static func run(_ runner: inout Runner) async throws {
        let sizes = runner.options.quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        for size in sizes {
            let name = "data source replace, \(short(size)) objects"
            guard runner.includes(name) else { continue }
            try await replaceOne(&runner, name: name, size: size)
        }
        let changes = runner.options.quick ? 1000 : 10_000
        let batchName = "data source batch \(short(changes)) into 100k"
        if runner.includes(batchName) {
            try await batch(&runner, name: batchName, size: 100_000, changes: changes)
        }
    }

    /// `10k`, `1M`.
    static func short(_ count: Int) -> String {
        count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k"
    }

    /// `count` items with ranks spread over a range as large as the list, so ranks repeat
    /// and ties fall to the id.
    static func items(_ count: Int) -> [ListItem] {
        var random = SeededGenerator(seed: 7)
        return (0..<count).map { id in
            ListItem(id: id, title: "Item \(id)", rank: random.int(in: 0...count), score: Double(id) / 3)
        }
    }

    /// A sorted data source and a sorted array holding the same items.
    static func makeBoth(size: Int) async throws -> (DataSource<ListItem>, [ListItem]) {
        let initial = items(size)
        let dataSource = DataSource<ListItem>(sortedBy: [.ascending(\.rank)])
        await dataSource.sortAndAdd(contentsOf: initial)
        let array = initial.sorted(by: precedes)
        let ids = await dataSource.objects.map(\.id)
        try expectSame(ids, array.map(\.id), "initial order")
        return (dataSource, array)
    }

    /// Replaces the object with id `id` by a copy with a new rank, the naive way.
    static func naiveReplace(in array: inout [ListItem], id: Int, rank: Int) -> Int {
        guard let index = array.firstIndex(where: { $0.id == id }) else { return 0 }
        array[index] = array[index].copyWith(rank: rank)
        array.sort(by: precedes)
        return array.count
    }

    /// The naive way of applying a batch: find each object through an id-to-position
    /// table, replace it, then sort the whole array once.
    static func naiveApply(_ batch: [ListItem], to array: inout [ListItem]) {
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(array.count)
        for (index, item) in array.enumerated() { positions[item.id] = index }
        for item in batch {
            if let index = positions[item.id] { array[index] = item }
        }
        array.sort(by: precedes)
    }

    private static func replaceOne(_ runner: inout Runner, name: String, size: Int) async throws {
        runner.progress("setting up \(size) objects")
        let (dataSource, initial) = try await makeBoth(size: size)
        var array = initial
        // The same sequence of (id, new rank) on both sides; first check they agree.
        var etchRandom = SeededGenerator(seed: 11)
        var naiveRandom = SeededGenerator(seed: 11)
        for _ in 0..<5 {
            let (id, rank) = (etchRandom.int(in: 0...size - 1), etchRandom.int(in: 0...size))
            await dataSource.update(id: id) { $0.copyWith(rank: rank) }
            _ = naiveReplace(in: &array, id: naiveRandom.int(in: 0...size - 1), rank: naiveRandom.int(in: 0...size))
        }
        let ids = await dataSource.objects.map(\.id)
        try expectSame(ids, array.map(\.id), "order after replacements")

        try await runner.compare(name, requiredRatio: size == 100_000 ? 100 : nil) {
            let (id, rank) = (etchRandom.int(in: 0...size - 1), etchRandom.int(in: 0...size))
            return await dataSource.update(id: id) { $0.copyWith(rank: rank) }?.rank ?? 0
        } baseline: {
            naiveReplace(in: &array, id: naiveRandom.int(in: 0...size - 1), rank: naiveRandom.int(in: 0...size))
        }
    }

    private static func batch(_ runner: inout Runner, name: String, size: Int, changes: Int) async throws {
        runner.progress("setting up \(size) objects")
        let (dataSource, initial) = try await makeBoth(size: size)
        var array = initial
        // A few different batches, used in turn, so every batch really moves objects.
        var random = SeededGenerator(seed: 13)
        let batches = (0..<4).map { _ in
            (0..<changes).map { _ in initial[random.int(in: 0...size - 1)].copyWith(rank: random.int(in: 0...size)) }
        }
        await dataSource.sortAndAdd(contentsOf: batches[0])
        naiveApply(batches[0], to: &array)
        let ids = await dataSource.objects.map(\.id)
        try expectSame(ids, array.map(\.id), "order after a batch")

        var (etchTurn, naiveTurn) = (0, 0)
        try await runner.compare(name, requiredRatio: changes == 10_000 ? 20 : nil) {
            etchTurn += 1
            await dataSource.sortAndAdd(contentsOf: batches[etchTurn % batches.count])
            return etchTurn
        } baseline: {
            naiveTurn += 1
            naiveApply(batches[naiveTurn % batches.count], to: &array)
            return naiveTurn
        }
    }
}
