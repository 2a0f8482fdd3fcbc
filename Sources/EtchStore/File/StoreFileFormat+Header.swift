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
        let size = (try? handle.seekToEnd()).map(Int.init) ?? 0
        if let reason = truncation(header: Array(header), fileSize: size) {
            throw .damagedFile(path: path, reason: reason)
        }
    }

    /// Why a file whose header is `header` cannot be whole at `fileSize` bytes, or nil when it
    /// can: SQLite writes whole pages, and its header records how many (when the count is
    /// current), so a file cut short — by a failed copy, a full disk — is found here rather
    /// than read as pages of zeros.
    static func truncation(header: [UInt8], fileSize: Int) -> String? {
        func integer(at offset: Int, count: Int) -> Int {
            header[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
        }
        let storedPageSize = integer(at: 16, count: 2)
        let pageSize = storedPageSize == 1 ? 65_536 : storedPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
            return "its header names a page size of \(storedPageSize) bytes, which SQLite never writes"
        }
        guard fileSize % pageSize == 0 else {
            return "it is cut short: \(fileSize) bytes is not a whole number of its \(pageSize)-byte pages"
        }
        // The page count in the header is current when its "valid for" number matches the
        // change counter (SQLite 3.7.0 and later write both).
        let pageCount = integer(at: 28, count: 4)
        if integer(at: 24, count: 4) == integer(at: 92, count: 4), pageCount > 0, fileSize < pageCount * pageSize {
            return "it is cut short: \(fileSize) bytes, where its header counts \(pageCount) pages of \(pageSize)"
        }
        return nil
    }
}
