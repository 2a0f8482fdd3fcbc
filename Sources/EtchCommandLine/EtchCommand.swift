import EtchGenerator
import EtchSchema
import Foundation

/// The `etch` command: `generate` and `check`, for the plugin and for builds without it.
public enum EtchCommand {
    /// The usage text printed by `--help`.
    public static let usage = """
        OVERVIEW: Generate immutable Swift models from Etch schema files (.etch).

        USAGE: etch generate <schema files or directories> --output <directory> [--access-level <level>]
               etch check <schema files or directories>

        SUBCOMMANDS:
          generate        Check the schemas and write one Swift file per schema file.
          check           Check the schemas and report every problem; write nothing.

        OPTIONS:
          -o, --output <directory>
                          Where generate writes its files (created if needed). Files are
                          rewritten only when their contents change.
          --access-level <public|package|internal>
                          The access level of the generated types (default: public).
          -h, --help      Show this help.

        Problems are printed as `path:line:column: error: message`; the exit code is 1
        when there are errors, 64 for a wrong command line.
        """

    /// Runs the command with `arguments` (without the program name), printing to
    /// `output` and `errors`, and returns the exit code.
    public static func run(
        _ arguments: [String],
        output: (String) -> Void = { print($0) },
        errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) -> Int32 {
        let invocation: Invocation
        do {
            invocation = try Invocation(parsing: arguments)
        } catch {
            errors("error: \(error.description)\n\nRun 'etch --help' for usage.")
            return 64
        }
        if invocation.showHelp {
            output(usage)
            return 0
        }
        do {
            return try invocation.execute(output: output, errors: errors)
        } catch {
            errors("error: \(error.description)")
            return 1
        }
    }
}

/// A wrong command line or an input that cannot be read.
struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
