/// Thrown inside the parser after a syntax error has been reported, to unwind to the
/// nearest place that can recover.
struct ParseFailure: Error {}
