/// The version of the contract between generated code and this runtime.
///
/// Generated files name it (`private typealias _EtchRuntimeCheck = Etch._RuntimeVersion2`),
/// so code generated for a newer runtime fails to build against an older one with an error
/// that names the version, instead of failing somewhere inside the generated code.
public enum _RuntimeVersion2 {}
