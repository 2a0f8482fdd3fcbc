import EtchBenchmarkSupport
import Foundation

/// The process's peak resident memory, which the kernel keeps as `VmHWM` in
/// `/proc/self/status` (Linux only).
enum PeakMemory {
    /// The bound at 1M albums: a fixed size, not one that grows with the data (a million
    /// albums are ~600 MB of JSON, on each side).
    static let boundAtOneMillion = 256.0 * 0x10_0000

    /// The peak resident bytes so far, or `nil` where the kernel does not say.
    static func bytes() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first.flatMap {
                Double($0)
            }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }

    /// The line the report ends with: the peak, and at 1M albums or more, the bound's check.
    static func summary(count: Int) -> (line: String, missesBound: Bool) {
        guard let bytes = bytes() else { return ("peak RSS: unknown (no /proc/self/status VmHWM)", false) }
        var line = "peak RSS (VmHWM): \(Report.size(bytes)) at \(count) albums"
        guard count >= 1_000_000 else { return (line, false) }
        let misses = bytes > boundAtOneMillion
        line += "; bound at 1M: at most \(Report.size(boundAtOneMillion)): " + (misses ? "MISSED" : "met")
        return (line, misses)
    }
}
