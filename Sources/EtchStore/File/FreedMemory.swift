#if canImport(Glibc)
    import Glibc
#endif

/// The memory an open freed: the records' buffers and the JSON reader's scratch, which the
/// allocator keeps for later allocations unless asked to give it back.
package enum FreedMemory {
    /// Gives the free memory the allocator holds back to the system, so that a store that
    /// just opened does not keep its loading's peak in the process's resident memory: glibc's
    /// `malloc_trim(0)`, looked up at run time (musl and other C libraries have none, and
    /// give freed pages back by themselves). Nothing elsewhere.
    package static func giveBack() {
        #if canImport(Glibc)
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
