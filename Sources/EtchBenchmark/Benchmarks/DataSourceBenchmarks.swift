/// The data source rows: they compare `DataSource` with a re-sorted array, and are added
/// once `DataSource` is on main (the full version is ready on the bench branch's history).
enum DataSourceBenchmarks {
    /// Runs nothing yet.
    static func run(_ runner: inout Runner) async throws {}
}
