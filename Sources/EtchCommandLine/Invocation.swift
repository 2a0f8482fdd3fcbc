import EtchGenerator
import Foundation

/// A parsed `etch` command line.
struct Invocation {
    enum Subcommand: String {
        case generate
        case check
    }

    /// A schema of another module whose types the inputs may use: `--import Core=path`.
    struct Import: Equatable {
        var module: String
        var path: String
    }

    var subcommand: Subcommand?
    var inputs: [String] = []
    var outputDirectory: String?
    var accessLevel: AccessLevel?
    var configuration: String?
    var imports: [Import] = []
    var expectedOutputs: [String] = []
    var extraOutput: String?
    var rerunStamp: String?
    /// `--against`: the released schemas (a file or a directory) that `check` compares with.
    var against: String?
    var showHelp = false
    var showVersion = false

    init(parsing arguments: [String]) throws(CommandError) {
        var remaining = arguments[...]
        func value(of option: String, _ what: String) throws(CommandError) -> String {
            guard let value = remaining.popFirst() else { throw CommandError("\(option) needs \(what)") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help", "help":
                showHelp = true
            case "--version":
                showVersion = true
            case "-o", "--output":
                outputDirectory = try value(of: argument, "a directory")
            case "--access-level":
                let text = try value(of: argument, "a value")
                guard let level = AccessLevel(rawValue: text) else {
                    throw CommandError("unknown access level '\(text)'; use public, package or internal")
                }
                accessLevel = level
            case "--config":
                configuration = try value(of: argument, "the path of an etch.json")
            case "--import":
                let text = try value(of: argument, "<Module>=<schema file, directory or etch.json>")
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex,
                    text.index(after: equals) != text.endIndex
                else {
                    throw CommandError("--import needs <Module>=<schema file, directory or etch.json>, found '\(text)'")
                }
                imports.append(
                    Import(module: String(text[..<equals]), path: String(text[text.index(after: equals)...])))
            case "--expected-output":
                expectedOutputs.append(try value(of: argument, "a file name"))
            case "--extra-output":
                extraOutput = try value(of: argument, "a file name")
            case "--rerun-stamp":
                rerunStamp = try value(of: argument, "a file path")
            case "--against":
                against = try value(of: argument, "the released schema file or directory")
            default:
                if argument.hasPrefix("-") { throw CommandError("unknown option '\(argument)'") }
                if subcommand == nil, inputs.isEmpty {
                    guard let parsed = Subcommand(rawValue: argument) else {
                        throw CommandError("unknown subcommand '\(argument)'; use generate or check")
                    }
                    subcommand = parsed
                } else {
                    inputs.append(argument)
                }
            }
        }
        if showHelp || showVersion { return }
        guard let subcommand else { throw CommandError("missing subcommand; use generate or check") }
        guard !inputs.isEmpty || configuration != nil else {
            throw CommandError("\(subcommand.rawValue) needs schema files or directories")
        }
        if subcommand == .generate, outputDirectory == nil { throw CommandError("generate needs --output <directory>") }
        if subcommand != .check, against != nil {
            throw CommandError(
                "--against is for check: compare with 'etch check <schemas> --against <released schemas>'")
        }
        if !expectedOutputs.isEmpty, extraOutput == nil {
            throw CommandError("--expected-output needs --extra-output <file name> for the files not expected")
        }
    }
}
