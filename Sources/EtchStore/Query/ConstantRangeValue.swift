/// A range value a predicate captures, such as `let nineties = 1990...1999`, which the
/// planner reads as an interval.
protocol ConstantRangeValue {
    /// The values the range holds.
    var constantRange: ConstantRange { get }
}

extension ClosedRange: ConstantRangeValue {
    /// `[lowerBound, upperBound]`.
    var constantRange: ConstantRange {
        .interval(
            lower: .init(value: lowerBound, isInclusive: true), upper: .init(value: upperBound, isInclusive: true))
    }
}

extension Range: ConstantRangeValue {
    /// `[lowerBound, upperBound)`, or nothing when the range is empty.
    var constantRange: ConstantRange {
        isEmpty
            ? .empty
            : .interval(
                lower: .init(value: lowerBound, isInclusive: true), upper: .init(value: upperBound, isInclusive: false))
    }
}

extension PartialRangeFrom: ConstantRangeValue {
    /// `[lowerBound, …)`.
    var constantRange: ConstantRange { .interval(lower: .init(value: lowerBound, isInclusive: true), upper: nil) }
}

extension PartialRangeThrough: ConstantRangeValue {
    /// `(…, upperBound]`.
    var constantRange: ConstantRange { .interval(lower: nil, upper: .init(value: upperBound, isInclusive: true)) }
}

extension PartialRangeUpTo: ConstantRangeValue {
    /// `(…, upperBound)`.
    var constantRange: ConstantRange { .interval(lower: nil, upper: .init(value: upperBound, isInclusive: false)) }
}
