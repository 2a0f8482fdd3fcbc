/// The version of Etch's schema language, generator and command: what `etch --version`
/// prints, and what generated code will check the runtime against.
public enum EtchVersion {
    /// The version, as in `0.1.0`.
    public static let current = "0.1.0"
}
