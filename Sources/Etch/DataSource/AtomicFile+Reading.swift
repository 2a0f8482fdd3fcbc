import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension AtomicFile {
    /// Reads a whole file.
    ///
    /// Unlike `Data(contentsOf:)`, a failure keeps its system error, so a caller can tell a
    /// missing file (`ENOENT`) from one that is there but cannot be read now (`EIO`,
    /// `EMFILE`, `EACCES`, `EISDIR`, …).
    ///
    /// - Throws: ``DataSourceError/readFailed(_:step:code:reason:)`` naming the step and the
    ///   system error.
    static func read(_ url: URL) throws(DataSourceError) -> Data {
        func failure(_ step: String, _ code: Int32) -> DataSourceError {
            .readFailed(url, step: step, code: code, reason: String(cString: strerror(code)))
        }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", errno) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw failure("read", code)
            }
            data.append(contentsOf: buffer[..<count])
        }
    }
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, bytes, count)
    #elseif canImport(Musl)
        Musl.read(descriptor, bytes, count)
    #else
        Darwin.read(descriptor, bytes, count)
    #endif
}
