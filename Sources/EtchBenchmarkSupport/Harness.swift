/// Times code on a monotonic clock: a warm-up, a calibrated number of iterations per
/// repetition, several repetitions, and the median time per operation.
///
/// The two sides of a comparison are calibrated separately, then timed in alternation
/// (Etch, baseline, Etch, …), so a slow spell of a shared machine hits both alike.
/// Every timed closure returns an `Int` derived from its result; the harness adds them
/// all into ``checksum``, which the program prints, so the optimizer cannot drop the work.
package struct Harness {
    /// One side of a comparison: the work, and how many operations one call performs.
    package typealias Body = () async throws -> Int

    /// How long one repetition should last, at least; iterations grow until it does.
    package var repetitionTime: Duration
    /// How many repetitions are timed per side; the median is reported.
    package var repetitions: Int
    /// The sum of every value the timed closures returned.
    package private(set) var checksum = 0

    private let clock = ContinuousClock()

    /// Settings for a full run, or tiny ones for a smoke run.
    package init(quick: Bool) {
        repetitionTime = quick ? .milliseconds(2) : .milliseconds(50)
        repetitions = quick ? 3 : 9
    }

    /// The median seconds per operation of each body; a `nil` body is not run and gives 0.
    ///
    /// - Parameters:
    ///   - operations: How many operations one call of a body performs (for example the
    ///     number of objects it reads), so the times are per operation.
    ///   - bodies: The work of each side; each returns a value derived from its result.
    package mutating func secondsPerOperation(operations: Int, _ bodies: [Body?]) async throws -> [Double] {
        var iterations: [Int] = []
        for body in bodies {
            if let body { iterations.append(try await calibrate(body)) } else { iterations.append(0) }
        }
        var samples = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<repetitions {
            for (side, body) in bodies.enumerated() {
                guard let body else { continue }
                let elapsed = try await time(iterations[side], body)
                samples[side].append(elapsed.seconds / Double(iterations[side] * operations))
            }
        }
        return samples.map(median)
    }

    /// Warms the body up and finds how many calls last at least ``repetitionTime``.
    private mutating func calibrate(_ body: Body) async throws -> Int {
        var iterations = 1
        var elapsed = try await time(iterations, body)
        while elapsed < repetitionTime, iterations < 1 << 30 {
            let scale = elapsed > .zero ? min(8, max(1.5, repetitionTime / elapsed * 1.1)) : 8
            iterations = Int((Double(iterations) * scale).rounded(.up))
            elapsed = try await time(iterations, body)
        }
        return iterations
    }

    private mutating func time(_ iterations: Int, _ body: Body) async throws -> Duration {
        var sum = 0
        let start = clock.now
        for _ in 0..<iterations { sum &+= try await body() }
        let elapsed = start.duration(to: clock.now)
        checksum &+= blackHole(sum)
        return elapsed
    }

    private func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Hands a value to code the optimizer cannot see through, so computing it is not dropped.
@inline(never)
package func blackHole<T>(_ value: T) -> T {
    withExtendedLifetime(value) { value }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
