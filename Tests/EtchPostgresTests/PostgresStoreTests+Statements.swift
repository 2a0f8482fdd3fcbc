import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

extension PostgresStoreTests {
    /// A store on a schema of its own with a few records, and a connection that plans
    /// statements with sequential scans off, so that an index that fits is chosen.
    struct Planned {
        let schema: TemporarySchema
        let store: PostgresStore
        let planner: PostgresConnection

        init() async throws {
            schema = try TemporarySchema()
            store = try await PostgresStore(connectionString: schema.connectionString, models: ModelStoreBackend.models)
            try await store.write { tx in try tx.insert(contentsOf: ModelStoreTests.indexedRecords) }
            planner = try PostgresConnection(connectionString: schema.connectionString)
            try planner.execute("SET enable_seqscan = off")
        }

        /// PostgreSQL's plan of a statement, its lines joined.
        func explain(_ sql: String, _ parameters: [String?]) throws -> String {
            try planner.execute("EXPLAIN " + sql, parameters).values.compactMap { $0.first ?? nil }.joined(
                separator: "\n")
        }
    }

    @Test func aTranslatedQueryIsAnsweredWholeBySQLThroughAnIndexWithItsValuesAsParameters() async throws {
        let planned = try await Planned()
        let singer = Ref<Singer>(id: "a1")
        let year = 1988
        let query = StoreQuery<Record>(
            predicate: #Predicate { $0.singer == singer && $0.year >= year }, sortBy: [SortDescriptor(\.year)],
            fetchLimit: 2, fetchOffset: 1)
        let statement = try planned.store.fetchStatement(for: query)
        #expect(statement.isComplete)
        #expect(!statement.sql.contains("a1") && !statement.sql.contains("1988"))
        #expect(statement.parameters == ["a1", "1988", "2", "1"])
        let plan = try planned.explain(statement.sql, statement.parameters)
        #expect(plan.contains("Record sorted year by singer") || plan.contains("Record by singer"), "\(plan)")
        #expect(try await planned.store.fetch(query).map(\.id) == ["r2", "r10"])
        await planned.store.close()
    }

    @Test func whatSQLCannotSayIsLeftToSwiftOnTheRowsItNarrowed() async throws {
        let planned = try await Planned()
        let mood = Mood.calm
        // `plays % 2` does not translate: SQL narrows by mood, Swift tests the rest and pages.
        let narrowed = StoreQuery<Record>(
            predicate: #Predicate { $0.mood == mood && $0.plays % 2 == 0 }, sortBy: [SortDescriptor(\.year)],
            fetchLimit: 1)
        let statement = try planned.store.fetchStatement(for: narrowed)
        #expect(!statement.isComplete)
        #expect(statement.parameters == ["calm"])
        #expect(!statement.sql.contains("LIMIT"))
        #expect(try planned.explain(statement.sql, statement.parameters).contains("Record by mood"))
        #expect(try await planned.store.fetch(narrowed).map(\.id) == ["r1"])
        // A text `contains` narrows with LIKE, its pattern escaped, and is tested again in Swift.
        let fragment = "50%_"
        let like = try planned.store.fetchStatement(
            for: StoreQuery<Record>(predicate: #Predicate { $0.title.contains(fragment) }))
        #expect(!like.isComplete)
        #expect(like.parameters == [#"%50\%\_%"#])
        await planned.store.close()
    }

    @Test func aSortedRangeWalksItsIndex() async throws {
        let planned = try await Planned()
        let statement = try #require(
            try planned.store.sortedStatement(
                Record.self, by: \.year, inGroup: Ref<Singer>(id: "a1"),
                in: SortedRange(from: 1980, through: 2000, limit: 10)))
        let plan = try planned.explain(statement.sql, statement.parameters)
        #expect(plan.contains("Index Scan using \"Record sorted year by singer\""), "\(plan)")
        #expect(!plan.contains("Sort"), "\(plan)")
        await planned.store.close()
    }
}
