import Foundation

extension StoreFileFormat {
    /// The 16 bytes every SQLite database begins with: "SQLite format 3" and a NUL.
    static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

    /// The length of SQLite's database header.
    static let headerLength = 100

    /// Refuses a file that cannot be an SQLite database before SQLite opens it.
    ///
    /// SQLite itself refuses most such files ("file is not a database"), but it takes a file of
    /// one byte for an empty database (its Unix layer reports such a file as empty) and would
    /// overwrite it. So a file that exists and is not empty must hold at least SQLite's header
    /// and begin with its magic string. An absent or empty file passes: it becomes a new store.
    /// A file that cannot be read here passes too, and SQLite's open reports why.
    ///
    /// - Throws: ``StoreError/damagedFile(path:reason:)``, leaving the file as it is.
    static func checkHeader(atPath path: String) throws(StoreError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: headerLength), !header.isEmpty else { return }
        let notADatabase = "file is not a database"
        guard header.count == headerLength else {
            let length = header.count == 1 ? "1 byte" : "\(header.count) bytes"
            let reason = "\(notADatabase): \(length), shorter than SQLite's \(headerLength)-byte header"
            throw .damagedFile(path: path, reason: reason)
        }
        guard header.prefix(sqliteMagic.count).elementsEqual(sqliteMagic) else {
            throw .damagedFile(path: path, reason: "\(notADatabase): it does not begin with \"SQLite format 3\"")
        }
    }
}
