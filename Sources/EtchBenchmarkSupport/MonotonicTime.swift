#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds on the system's monotonic clock (`CLOCK_MONOTONIC`), which every process on the
/// machine reads alike: a time one process prints, another can subtract from its own. A
/// `ContinuousClock.Instant` cannot cross a process boundary, and the wall clock may jump.
package func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}
