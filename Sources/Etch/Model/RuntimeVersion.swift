/// The version of the contract between generated code and this runtime.
///
/// Generated files name it (`extension Etch._RuntimeVersion2 {}`, which may repeat in one file),
/// so code generated for a newer runtime fails to build against an older one with an error
/// that names the version, instead of failing somewhere inside the generated code.
public enum _RuntimeVersion2 {}
