import EtchGenerator
import EtchSchema
import Foundation

/// The `etch` command: `generate` and `check`, for the plugin and for builds without it.
public enum EtchCommand {
    /// The usage text printed by `--help`.
    public static let usage = """
        OVERVIEW: Generate immutable Swift models from Etch schema files (.etch).

        USAGE: etch generate <schema files or directories> --output <directory> [options]
               etch check <schema files or directories> [--against <released schemas>] [options]
               etch --version

        SUBCOMMANDS:
          generate        Check the schemas and write one Swift file per schema file.
          check           Check the schemas and report every problem; write nothing.

        OPTIONS:
          -o, --output <directory>
                          Where generate writes its files (created if needed). Files are
                          rewritten only when their contents change.
          --access-level <public|package|internal>
                          The access level of the generated types (default: public, or
                          the configuration's).
          --config <etch.json>
                          Read a target's configuration: its "schemas" directories are
                          inputs too, and its "accessLevel" applies. Unknown keys are errors.
          --import <Module>=<schema file, directory or etch.json>
                          Let the schemas use the types of another module's schemas
                          (repeatable). They are not generated; files that use them
                          `import Module`.
          --expected-output <file name>, --extra-output <file name>
                          For build systems that fix output names in advance (the plugin):
                          write every expected file (empty when no schema gives it) and put
                          the Swift of schemas not expected into the extra file.
          --rerun-stamp <file>
                          With those: change this file (an input of the build command)
                          when schemas not expected exist, so the command runs again on
                          the next build and sees edits to them.
          --against <schema file or directory>
                          With check: compare with the released schemas (say, checked
                          out from the last release's tag), following @renamed, and report
                          each change data stored with them cannot take: a required field
                          added, a type narrowed, a wire key changed, an enum case removed.
          --version       Print the version of Etch.
          -h, --help      Show this help.

        Problems are printed as `path:line:column: error: message`; the exit code is 1
        when there are errors (breaking changes included), 64 for a wrong command line.
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
            errors("\(error.description)\n\nRun 'etch --help' for usage.")
            return 64
        }
        if invocation.showHelp {
            output(usage)
            return 0
        }
        if invocation.showVersion {
            output(EtchVersion.current)
            return 0
        }
        do {
            return try invocation.execute(output: output, errors: errors)
        } catch {
            errors(error.description)
            return 1
        }
    }
}

/// A wrong command line or an input that cannot be read, printed as
/// `error: message` or, with a location, `path:line:column: error: message`.
struct CommandError: Error, CustomStringConvertible {
    var message: String
    /// `path` or `path:line:column`, when the problem is in a file.
    var location: String?

    init(_ message: String) {
        self.message = message
    }

    init(at location: String, _ message: String) {
        self.message = message
        self.location = location
    }

    var description: String { location.map { "\($0): error: \(message)" } ?? "error: \(message)" }
}
