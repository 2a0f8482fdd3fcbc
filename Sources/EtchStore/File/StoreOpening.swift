@_spi(EtchCollections) import Etch
import Foundation

/// Opening a store file: one write transaction that folds the commits waiting in the history
/// into the objects table, brings the file's objects to the current schema — models renamed,
/// the given migrations not yet run, fields renamed — reads every object as its model into
/// the tables, checks the `@unique` indexes, records the schema each model is now written
/// with, and commits; or rolls all of it back and leaves the file as it was. When there is
/// nothing to write (the usual open: the schema the file recorded, no migration to run, no
/// commit waiting: the last store to close folded them), the objects are read in a read
/// transaction instead, and other stores' writers do not wait.
struct StoreOpening {
    /// What the store needs to know after opening.
    struct Opened {
        /// The file's identity and tokens, as of the opening's commit.
        var state: StoreFileState
        /// SQLite's `data_version`, read before the opening's transaction: a commit by another
        /// connection after it is then seen at the store's first check.
        var dataVersion: Int64
        /// The file's signal in this process, and its generation before the opening.
        var signal: FileSignal
        var generation: Int
    }

    let file: StoreFile
    let tables: StoreTables
    let options: StoreOptions

    /// Opens the file; see the type's summary.
    ///
    /// - Throws: as ``Store/init(url:models:options:)``.
    func open() throws(StoreError) -> Opened {
        let signal = FileSignal.signal(forPath: file.path)
        let generation = signal.generation.load(ordering: .acquiring)
        return try file.withConnection { connection throws(StoreError) in
            var dataVersion: Int64 = 0
            _ = try connection.changedSinceLastCheck(&dataVersion)
            // A new or format-1 file's tables were made in a transaction left open for this.
            // Otherwise the objects are read in a read transaction, so that other stores'
            // writes never wait for an open, unless the opening has something to write.
            var writing = connection.isInTransaction
            if !writing {
                try connection.beginReading()
                do throws(StoreError) {
                    writing = try needsWriting(connection)
                } catch {
                    connection.rollBack()
                    throw error
                }
                if writing {
                    connection.rollBack()
                    try connection.beginWriting()
                }
            }
            do throws(StoreError) {
                var state = try connection.state()
                var entries: [HistoryEntry] = []
                if writing {
                    // Commits waiting in the history go into the objects table first, so that
                    // what follows reads every object there.
                    state = try connection.foldPendingCommits()
                    entries += try renameModels(connection)
                    entries += try runMigrations(connection, state: state)
                }
                for table in tables.all {
                    guard let table = table as? any RecordLoading else {
                        assertionFailure("every table is a ModelTable, which loads records")
                        continue
                    }
                    do throws(StoreError) {
                        // Objects read through a field's old key are written back under its
                        // key when the opening writes anyway; until then each open renames them.
                        let renamed = try table.loadRecords(from: connection, path: file.path)
                        guard writing else { continue }
                        try connection.write(renamed.map(RecordChange.put))
                        entries += renamed.map { HistoryEntry(kind: .update, record: $0) }
                    } catch {
                        throw diagnosed(error, connection)
                    }
                }
                FreedMemory.giveBack()
                guard writing else {
                    connection.rollBack()  // the read transaction
                    return Opened(state: state, dataVersion: dataVersion, signal: signal, generation: generation)
                }
                if !entries.isEmpty {
                    state.lastToken += 1
                    let row = HistoryRow(token: state.lastToken, time: Date().timeIntervalSince1970, entries: entries)
                    try connection.append(row)
                    try connection.setState(checkpoint: state.lastToken, prunedThrough: state.prunedThrough)
                }
                try recordSchemas(connection)
                try connection.commit()
                if !entries.isEmpty { _ = signal.committed(by: nil) }
                return Opened(state: state, dataVersion: dataVersion, signal: signal, generation: generation)
            } catch {
                connection.rollBack()
                throw error
            }
        }
    }

    /// Whether opening must write: commits waiting in the history for a fold, a migration not
    /// yet run, objects under a model's old name, or a model whose schema differs from the one
    /// the file recorded (a field added, renamed or retyped, an index changed).
    private func needsWriting(_ connection: borrowing StoreConnection) throws(StoreError) -> Bool {
        if try connection.state().hasPendingCommits { return true }
        if !options.migrations.isEmpty {
            let done = try connection.migrationsRun()
            if options.migrations.contains(where: { !done.contains($0.name) }) { return true }
        }
        for table in tables.all {
            for oldName in table.oldModelNames where try connection.holdsRecords(of: oldName) { return true }
        }
        let recorded = try connection.modelSchemas()
        return tables.all.contains { recorded[$0.modelName] != $0.schemaDescription }
    }

    /// An error reading the objects, or the file's damage when SQLite finds it damaged: a
    /// page of zeros in a file cut short reads as an object that is not JSON, which is not a
    /// schema's fault.
    private func diagnosed(_ error: StoreError, _ connection: borrowing StoreConnection) -> StoreError {
        switch error {
        case .unreadableObject, .incompatibleSchema:
            guard let damage = connection.quickCheck() else { return error }
            return .damagedFile(path: file.path, reason: "SQLite's check of the file found: \(damage)")
        default:
            return error
        }
    }

    /// Moves the objects stored under a model's old names (its `@renamed(from:)`) to its name,
    /// except those whose id the model already holds under its name, which stay as they are.
    ///
    /// - Returns: The history entries: each moved object deleted under its old name and
    ///   inserted under the new one, so stores of either version follow.
    private func renameModels(_ connection: borrowing StoreConnection) throws(StoreError) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        for table in tables.all where !table.oldModelNames.isEmpty {
            var held = Set(try connection.readAll(model: table.modelName).map(\.id))
            for oldName in table.oldModelNames {
                var changes: [RecordChange] = []
                for record in try connection.readAll(model: oldName) where !held.contains(record.id) {
                    var moved = table.renamingOldKeys(in: record) ?? record
                    moved.model = table.modelName
                    changes += [.delete(model: oldName, id: record.id), .put(moved)]
                    entries += [
                        HistoryEntry(kind: .delete, record: record), HistoryEntry(kind: .insert, record: moved),
                    ]
                    held.insert(record.id)
                }
                try connection.write(changes)
            }
        }
        return entries
    }

    /// Runs each migration the file has not run, in order, and records it.
    ///
    /// - Returns: The history entries of the objects the migrations changed.
    private func runMigrations(_ connection: borrowing StoreConnection, state: StoreFileState) throws(StoreError)
        -> [HistoryEntry]
    {
        guard !options.migrations.isEmpty else { return [] }
        var done = try connection.migrationsRun()
        var entries: [HistoryEntry] = []
        for migration in options.migrations where !done.contains(migration.name) {
            var changes: [RecordChange] = []
            for record in try connection.readAll(model: migration.model) {
                let old: ModelDictionary
                do {
                    guard case .object(let object) = try ModelValue(jsonData: Data(record.body)) else {
                        throw StoreError.unreadableObject(
                            model: record.model, id: record.id, reason: "not a JSON object")
                    }
                    old = object
                } catch {
                    throw .migrationFailed(
                        name: migration.name, model: record.model, id: record.id, reason: "it does not read: \(error)")
                }
                let new: ModelDictionary?
                do {
                    new = try migration.transform(old)
                } catch {
                    throw .migrationFailed(name: migration.name, model: record.model, id: record.id, reason: "\(error)")
                }
                guard let new else {
                    changes.append(.delete(model: record.model, id: record.id))
                    entries.append(HistoryEntry(kind: .delete, record: record))
                    continue
                }
                guard new != old else { continue }
                let body: Data
                do {
                    body = try ModelValue.object(new).jsonData()
                } catch {
                    throw .migrationFailed(
                        name: migration.name, model: record.model, id: record.id, reason: "its result: \(error)")
                }
                var changed = record
                changed.body = Array(body)
                changes.append(.put(changed))
                entries.append(HistoryEntry(kind: .update, record: changed))
            }
            try connection.write(changes)
            try connection.recordMigration(
                migration.name, token: state.lastToken, time: Date().timeIntervalSince1970)
            done.insert(migration.name)
        }
        return entries
    }

    /// Records the schema each of the store's models is written with, where it changed.
    private func recordSchemas(_ connection: borrowing StoreConnection) throws(StoreError) {
        let recorded = try connection.modelSchemas()
        for table in tables.all where recorded[table.modelName] != table.schemaDescription {
            try connection.setModelSchema(table.schemaDescription, for: table.modelName)
        }
    }
}
