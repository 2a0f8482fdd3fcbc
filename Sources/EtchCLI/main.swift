import EtchCommandLine
import Foundation

exit(EtchCommand.run(Array(CommandLine.arguments.dropFirst())))
