import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in
/// it when the value goes away, for the benchmarks that write files.
struct ScratchDirectory: ~Copyable {
    /// The directory.
    let url: URL

    /// Makes the directory.
    ///
    /// - Throws: The file system's error when it cannot be created.
    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "etch-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
