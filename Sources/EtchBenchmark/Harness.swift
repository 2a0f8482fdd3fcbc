/// Times code on a monotonic clock: a warm-up, a calibrated number of iterations per
/// repetition, several repetitions, and the median time per operation.
///
/// Every timed closure returns an `Int` derived from its result; the harness adds them
/// all into ``checksum``, which the program prints, so the optimizer cannot drop the work.
struct Harness {
    /// How long one repetition should last, at least; iterations are doubled until it does.
    var repetitionTime: Duration
    /// How many repetitions are timed; the median is reported.
    var repetitions: Int
    /// The sum of every value the timed closures returned.
    private(set) var checksum = 0

    private let clock = ContinuousClock()

    /// Settings for a full run, or tiny ones for a smoke run.
    init(quick: Bool) {
        repetitionTime = quick ? .milliseconds(2) : .milliseconds(60)
        repetitions = quick ? 3 : 9
    }

    /// The median time of one operation of `body`, in seconds.
    ///
    /// - Parameters:
    ///   - operations: How many operations one call of `body` performs (for example the
    ///     number of objects it reads), so the result is per operation.
    ///   - body: The work; it returns a value derived from its result.
    mutating func secondsPerOperation(operations: Int = 1, _ body: () throws -> Int) rethrows -> Double {
        // Warm-up, which also gives the first estimate of the cost of one call.
        var iterations = 1
        var elapsed = try time(iterations, body)
        while elapsed < repetitionTime, iterations < 1 << 30 {
            let scale = elapsed > .zero ? min(8, max(2, repetitionTime / elapsed)) : 8
            iterations = Int((Double(iterations) * scale).rounded(.up))
            elapsed = try time(iterations, body)
        }
        var samples: [Double] = []
        for _ in 0..<repetitions {
            samples.append(try time(iterations, body).seconds / Double(iterations * operations))
        }
        return median(samples)
    }

    /// The async variant of ``secondsPerOperation(operations:_:)``, for actor calls.
    mutating func secondsPerOperation(operations: Int = 1, _ body: () async throws -> Int) async rethrows -> Double {
        var iterations = 1
        var elapsed = try await time(iterations, body)
        while elapsed < repetitionTime, iterations < 1 << 30 {
            let scale = elapsed > .zero ? min(8, max(2, repetitionTime / elapsed)) : 8
            iterations = Int((Double(iterations) * scale).rounded(.up))
            elapsed = try await time(iterations, body)
        }
        var samples: [Double] = []
        for _ in 0..<repetitions {
            samples.append(try await time(iterations, body).seconds / Double(iterations * operations))
        }
        return median(samples)
    }

    private mutating func time(_ iterations: Int, _ body: () throws -> Int) rethrows -> Duration {
        var sum = 0
        let start = clock.now
        for _ in 0..<iterations { sum &+= try body() }
        let elapsed = start.duration(to: clock.now)
        checksum &+= blackHole(sum)
        return elapsed
    }

    private mutating func time(_ iterations: Int, _ body: () async throws -> Int) async rethrows -> Duration {
        var sum = 0
        let start = clock.now
        for _ in 0..<iterations { sum &+= try await body() }
        let elapsed = start.duration(to: clock.now)
        checksum &+= blackHole(sum)
        return elapsed
    }

    private func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Hands a value to code the optimizer cannot see through, so computing it is not dropped.
@inline(never)
func blackHole<T>(_ value: T) -> T {
    withExtendedLifetime(value) { value }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
