/// A ``ModelDictionary`` that a `Decoder` fills: each value goes straight into the buffer
/// the dictionary keeps, so no array of values is built and then copied.
struct ModelDictionaryBuilder: ~Copyable {
    /// The buffer, whose count grows with each value, so it frees what it holds if decoding
    /// throws halfway.
    private let storage: ModelStorage
    /// The most values ``storage`` has room for.
    private let capacity: Int

    /// Starts a dictionary with room for `capacity` values.
    init(capacity: Int) {
        self.storage = .make(keys: [], index: nil, capacity: capacity)
        self.capacity = capacity
    }

    /// How many values there are.
    var count: Int { storage.headerAddress.pointee.count }

    /// Adds a value after the others.
    mutating func append(_ value: ModelValue) {
        let position = count
        precondition(position < capacity, "Etch: more values than the decoder listed keys")
        (storage.elements + position).initialize(to: value)
        storage.headerAddress.pointee.count = position + 1
    }

    /// The dictionary, with a key for each value, in order. The last `keysToCheck` keys are
    /// checked for repeats (a `Decoder` might list a key twice); a repeated key keeps its
    /// first position and its last value, as ``ModelDictionary/init(keys:values:)`` keeps it.
    consuming func finish(keys: [String], keysToCheck: Int) -> ModelDictionary {
        precondition(keys.count == count, "Etch: a decoded value without its key")
        storage.headerAddress.pointee.keys = keys
        let dictionary = ModelDictionary(storage: storage)
        let repeats =
            keysToCheck > 1
            && ModelDictionary.hasRepeatedKey(keysToCheck == keys.count ? keys : Array(keys.suffix(keysToCheck)))
        if repeats || keys.count > ModelDictionary.indexThreshold {
            // Rare: a large object needs its index, and repeated keys their merging.
            return ModelDictionary(keys: keys, values: dictionary.values)
        }
        return dictionary
    }
}

extension ModelDictionary {
    /// A dictionary over a buffer whose keys and values are already in place.
    @usableFromInline
    init(storage: ModelStorage) {
        self.storage = storage
    }
}
