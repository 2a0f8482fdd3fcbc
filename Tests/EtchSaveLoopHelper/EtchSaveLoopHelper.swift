// Saves a data source in a loop until killed, for the crash-safety test
// (`DataSourceKillTests`): every save writes one complete "version" of the list, which the
// test recognizes, so a file that is anything but a complete old or new version is caught.
//
//     EtchSaveLoopHelper <file>
//
// Version v holds the objects "0" ..< "\(v % 300 + 1)", each titled "v\(v)". After the
// first save it prints "ready" so the test knows a complete file exists.

import Etch
import Foundation

@main
struct EtchSaveLoopHelper {
    static func main() async throws {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: EtchSaveLoopHelper <file>\n".utf8))
            exit(2)
        }
        let url = URL(fileURLWithPath: CommandLine.arguments[1])
        let tasks = DataSource<TaskItem>(
            sortedBy: [.ascending(\.rank)],
            file: DataSourceFile(url: url, autosaveDelay: nil)
        )
        if case .damaged(let error) = tasks.cacheStatus {
            FileHandle.standardError.write(Data("damaged: \(error)\n".utf8))
            exit(1)
        }
        var version = Int(await tasks.object(at: 0)?.title.dropFirst() ?? "0") ?? 0
        var announced = false
        while true {
            version += 1
            let count = version % 300 + 1
            let objects = (0..<count).map { TaskItem(id: "\($0)", title: "v\(version)", rank: $0, tags: ["padding"]) }
            await tasks.replaceAll(with: objects)
            try await tasks.save()
            if !announced {
                announced = true
                FileHandle.standardOutput.write(Data("ready\n".utf8))
            }
        }
    }
}
