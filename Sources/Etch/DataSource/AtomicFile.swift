import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that a crash at any moment leaves either the old or the new complete
/// file: the bytes go to a temporary file in the same directory, which is flushed to disk,
/// renamed over the target (atomic within one file system), and then the directory is
/// flushed so the rename itself is durable.
enum AtomicFile {
    /// The prefix of temporary files for `url`; leftovers of a crash start with it.
    static func temporaryPrefix(for url: URL) -> String {
        "." + url.lastPathComponent + ".etch-tmp-"
    }

    /// Writes `data` to `url` atomically and durably.
    ///
    /// - Throws: ``DataSourceError/writeFailed(_:step:code:reason:)`` naming the step and the
    ///   system error; the target is then untouched and no temporary file is left behind.
    static func write(_ data: Data, to url: URL) throws(DataSourceError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            temporaryPrefix(for: url) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        )
        func failure(_ step: String, _ code: Int32 = errno) -> DataSourceError {
            .writeFailed(url, step: step, code: code, reason: String(cString: strerror(code)))
        }

        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("create temporary file") }
        var written = 0
        let writeError: Int32? = data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let result = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        if let writeError {
            close(descriptor)
            unlink(temporary.path)
            throw failure("write", writeError)
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            unlink(temporary.path)
            throw failure("fsync", code)
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw failure("close", code)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw failure("rename", code)
        }
        try syncDirectory(directory, for: url)
    }

    /// Flushes a directory so a rename in it survives a power loss.
    private static func syncDirectory(_ directory: URL, for url: URL) throws(DataSourceError) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw .writeFailed(url, step: "open directory", code: code, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        // Some file systems cannot flush a directory (EINVAL); the rename is done anyway.
        if fsync(descriptor) != 0, errno != EINVAL {
            let code = errno
            throw .writeFailed(url, step: "fsync directory", code: code, reason: String(cString: strerror(code)))
        }
    }

    /// Removes temporary files a crashed save left next to `url`.
    static func removeLeftovers(for url: URL) {
        let directory = url.deletingLastPathComponent()
        let prefix = temporaryPrefix(for: url)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}
