/// The `etch` command: `generate` and `check`.
public enum EtchCommand {
    /// Runs the command with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        print("etch: not built yet")
        return 1
    }
}
