/// Hand-written code beside the generated `Reader`.
extension Reader {
    /// A greeting for the reader.
    public var greeting: String { "Hello, \(name)" }
}
