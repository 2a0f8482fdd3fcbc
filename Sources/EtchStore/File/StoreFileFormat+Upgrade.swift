extension StoreFileFormat {
    /// Brings a format-2 file up to format 4 in one transaction, which it commits or leaves
    /// open (as ``prepare(_:durability:leavingCreationOpen:)`` says): the history is rebuilt
    /// with each row keyed by its token and part number (see ``partBits``), its token column
    /// and index dropped. Every row, and so every token a reader kept, stays; the
    /// `store_state` row, exact in format 2, stays as it is: its last token is format 4's
    /// checkpoint, as every commit is in `objects`. A failure, or a rollback of the open
    /// transaction, leaves the file at format 2.
    ///
    /// Another process upgrading the file at the same moment takes the write lock first; this
    /// one then finds format 4 and changes nothing.
    ///
    /// - Throws: ``StoreError/fileFailure(path:reason:)`` when writing fails.
    static func upgradeFormatTwo(_ database: borrowing SQLiteDatabase, committing: Bool) throws(StoreError) {
        try database.execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            if try database.integer("PRAGMA user_version") == 2 {
                // A commit's parts had growing row numbers: their order is the parts' order.
                try database.execute(
                    """
                    CREATE TABLE history_format_3(part INTEGER PRIMARY KEY, time REAL NOT NULL, changes BLOB NOT NULL);
                    INSERT INTO history_format_3(part, time, changes)
                        SELECT (token << \(partBits)) + row_number() OVER (PARTITION BY token ORDER BY part) - 1,
                               time, changes
                        FROM history;
                    DROP TABLE history;
                    ALTER TABLE history_format_3 RENAME TO history;
                    PRAGMA user_version = \(StoreFile.formatVersion);
                    """)
            }
            if committing { try database.execute("COMMIT") }
        } catch {
            if !database.isAutocommit { try? database.execute("ROLLBACK") }
            throw error
        }
    }

    /// Brings a format-3 file up to format 4 in one transaction, which it commits or leaves
    /// open (as ``prepare(_:durability:leavingCreationOpen:)`` says): format 3 wrote every
    /// commit to `objects`, so the checkpoint (`store_state.last_token`) moves to the last
    /// commit. Nothing else changes; a format-3 reader then refuses the file, as it would miss
    /// the commits format 4 keeps in the history only.
    ///
    /// - Throws: ``StoreError/fileFailure(path:reason:)`` when writing fails.
    static func upgradeFormatThree(_ database: borrowing SQLiteDatabase, committing: Bool) throws(StoreError) {
        try database.execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            if try database.integer("PRAGMA user_version") == 3 {
                try database.execute(
                    """
                    UPDATE store_state
                        SET last_token = max(last_token, coalesce((SELECT max(part) FROM history), 0) >> \(partBits));
                    PRAGMA user_version = \(StoreFile.formatVersion);
                    """)
            }
            if committing { try database.execute("COMMIT") }
        } catch {
            if !database.isAutocommit { try? database.execute("ROLLBACK") }
            throw error
        }
    }
}
