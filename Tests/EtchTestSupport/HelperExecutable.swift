import Foundation

/// The package's helper executables (targets a test target depends on, such as
/// `EtchPostgresCommitLoopHelper`), which crash-safety tests run as processes of their own.
public enum HelperExecutable {
    /// The helper executable of a name, built beside the test bundle.
    ///
    /// - Parameter name: The executable target's name.
    public static func url(named name: String) -> URL {
        #if os(Linux)
            let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
            let testBinary = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL
        #endif
        return testBinary.deletingLastPathComponent().appendingPathComponent(name)
    }
}
