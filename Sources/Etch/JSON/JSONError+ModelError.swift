extension JSONError {
    /// Wraps a model error for JSON that was read from `bytes`, locating the offending
    /// value (or, for a missing key, its object) in the bytes.
    init(_ error: ModelError, in bytes: UnsafeBufferPointer<UInt8>) {
        let message = error.message
        let location = JSONLocator.location(of: error.keyPath, in: bytes)
        self.init(
            .model(error),
            message: message,
            line: location?.line ?? 1,
            column: location?.column ?? 1,
            offset: location?.offset ?? 0,
            keyPath: error.keyPath
        )
    }
}
