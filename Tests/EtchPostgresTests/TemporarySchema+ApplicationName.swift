extension TemporarySchema {
    /// The schema's connection string with an `application_name` for its connections, which
    /// `pg_stat_activity` shows: a test finds, waits for or ends them by it, and no others.
    func connectionString(applicationName: String) -> String {
        connectionString
            + (connectionString.contains("://")
                ? "&application_name=\(applicationName)" : " application_name=\(applicationName)")
    }
}
