#if canImport(Glibc)
    import Foundation
    import Glibc

    /// Measures the heap bytes that values keep alive, from glibc's allocator statistics.
    ///
    /// glibc reports them through `mallinfo2()` and `malloc_info()`, both declared in
    /// `<malloc.h>`, which Swift's Glibc module does not include. `mallinfo2()` returns a
    /// struct Swift cannot name, so the meter looks up `malloc_info()`, whose signature
    /// Swift can express exactly, and reads the totals of the XML it writes. Those are the
    /// numbers `mallinfo2()` gives: the arenas' bytes minus their free bytes (`uordblks`)
    /// plus the blocks mapped on their own (`hblkhd`), over every arena, so allocations made
    /// on any thread count. Each block counts with the allocator's header and rounding:
    /// the memory a process really pays for.
    struct HeapMeter {
        /// glibc's `int malloc_info(int options, FILE *stream)`.
        private typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32

        /// Thrown when glibc's report cannot be had or read.
        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        private let mallocInfo: MallocInfo

        /// Finds `malloc_info()`, or gives `nil` with a C library that has none (musl).
        init?() {
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_info") else { return nil }
            mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
        }

        /// Bytes handed out by malloc and not yet freed, as `mallinfo2()`'s
        /// `uordblks + hblkhd`.
        ///
        /// - Throws: ``Failure`` when glibc writes no report or one without its totals.
        func bytesInUse() throws(Failure) -> Int {
            var buffer: UnsafeMutablePointer<CChar>?
            var length = 0
            guard let stream = open_memstream(&buffer, &length) else { throw Failure(description: "open_memstream") }
            let status = mallocInfo(0, stream)
            fclose(stream)
            defer { free(buffer) }
            guard status == 0, let buffer else { throw Failure(description: "malloc_info() failed") }
            return try Self.bytesInUse(report: String(cString: buffer))
        }

        /// Reads the totals that close the report, after the last arena's `</heap>`:
        /// the arenas' bytes (`system current`), their free bytes (`total fast` and `total
        /// rest`, the top chunk included) and the separately mapped bytes (`total mmap`).
        private static func bytesInUse(report: String) throws(Failure) -> Int {
            let totals =
                report.range(of: "</heap>", options: .backwards).map { report[$0.upperBound...] } ?? report[...]
            func size(_ element: String) throws(Failure) -> Int {
                guard let start = totals.range(of: element)?.upperBound,
                    let attribute = totals[start...].range(of: "size=\"")?.upperBound,
                    let size = Int(totals[attribute...].prefix { $0 != "\"" })
                else { throw Failure(description: "malloc_info() wrote no \(element)") }
                return size
            }
            let free = try size(#"<total type="fast""#) + size(#"<total type="rest""#)
            return try size(#"<system type="current""#) - free + size(#"<total type="mmap""#)
        }

        /// The heap bytes that `copies` results of `make` keep alive, all held at once.
        ///
        /// `make` runs once first and its result is dropped, so caches filled on first use
        /// (type metadata, the allocator's bookkeeping) are not counted. Freeing that result
        /// leaves blocks in glibc's per-thread caches, which its statistics count as in use
        /// (up to ~240 KB); the next result reuses them and would seem smaller. So one more
        /// result is made and kept before the first measurement, and only the `copies` after
        /// it are measured. The array holding them is allocated before measuring, and memory
        /// `make` frees before it returns (scratch buffers) is not counted.
        ///
        /// - Returns: The growth of ``bytesInUse()`` over `copies` calls of `make`.
        func retainedBytes<Result>(copies: Int, _ make: () throws -> Result) throws -> Int {
            _ = try make()
            var kept: [Result] = []
            kept.reserveCapacity(copies + 1)
            kept.append(try make())
            let before = try bytesInUse()
            for _ in 0..<copies { kept.append(try make()) }
            let after = try bytesInUse()
            withExtendedLifetime(kept) {}
            return after - before
        }
    }
#endif
