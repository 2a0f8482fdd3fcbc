@_spi(EtchCollections) import Etch

/// An object as a table holds it: the model's dictionary, with its `@local` values in a box
/// when it has any others than the defaults; one reference either way.
///
/// One concrete type for the objects of every model. Models are registered with a store at
/// run time, so code generic over the model is never specialized: each copy of a model in
/// a tree went through the model's value witnesses, and each tree operation looked up the
/// metadata of its generic node types. Trees of held objects run specialized code, and a
/// copy is a retain. Objects become models again where the tables hand them out
/// (``IdentifiedModel/init(held:)``), which costs what a copy of the model did, except the
/// first time for an object an open kept as its JSON, which is then read whole.
enum HeldObject: @unchecked Sendable {
    // @unchecked: the payloads are immutable (a dictionary's storage, a `HeldWithLocals`
    // box) and hold only `Sendable` values.

    /// An object with default `@local` values (or none): its dictionary alone, one
    /// reference, as the model itself is.
    case plain(ModelDictionary)
    /// An object with other `@local` values: a ``HeldWithLocals`` of the model's
    /// `LocalValues`, one reference too.
    case withLocals(AnyObject)
    /// An object an open read from its file, with default `@local` values: its JSON,
    /// checked, read into a dictionary the first time it is asked for, which it keeps from
    /// then on in place of the bytes.
    case stored(JSONObjectBytes)

    /// Asks the processor for the cache line a copy of the object changes (its reference
    /// count), without waiting: called for a run of objects before they are copied, so
    /// that their cache misses overlap (see ``IDOrderedObjects/objects``).
    ///
    /// The address is read from the enum's bits, not from a bound payload: binding one
    /// copies it, and the copy's retain is the very wait this is for. A held object is one
    /// reference whose spare bits (the top byte and the lowest three, unused by any object's
    /// address) carry the case; where the layout were otherwise, the hint would only go to
    /// a useless address, which a prefetch never faults on.
    ///
    /// - Parameter object: Where a held object lies in memory (in a leaf's buffer of elements).
    @inline(__always) static func prefetch(at object: UnsafeRawPointer) {
        guard MemoryLayout<HeldObject>.size == MemoryLayout<UInt>.size else { return }
        let bits = object.load(as: UInt.self) & 0x00FF_FFFF_FFFF_FFF8
        guard let address = UnsafeRawPointer(bitPattern: bits) else { return }
        prefetchAddress(address)
    }

    /// Appends the object's dictionary when it has default `@local` values (or none), which
    /// is then all the object is: see ``IdentifiedModel/models(held:)``.
    /// - Returns: `false`, appending nothing, for an object with other `@local` values.
    @inline(__always) func append(to dictionaries: inout [ModelDictionary]) -> Bool {
        switch self {
        case .plain(let dictionary): dictionaries.append(dictionary)
        case .stored(let bytes): dictionaries.append(bytes.dictionary)
        case .withLocals: return false
        }
        return true
    }

    /// Everything the object holds, as it is serialized.
    var dictionary: ModelDictionary {
        switch self {
        case .plain(let dictionary): dictionary
        case .withLocals(let box): unsafeDowncast(box, to: HeldDictionary.self).dictionary
        case .stored(let bytes): bytes.dictionary
        }
    }
}

/// The dictionary of a held object with `@local` values, which ``HeldWithLocals`` boxes
/// beside them: read without knowing the model.
class HeldDictionary: @unchecked Sendable {
    let dictionary: ModelDictionary

    init(_ dictionary: ModelDictionary) {
        self.dictionary = dictionary
    }
}

/// A held object's dictionary and its `@local` values, boxed so that ``HeldObject`` is one
/// reference for every model.
final class HeldWithLocals<Values: ModelLocalValues>: HeldDictionary, @unchecked Sendable {
    let values: Values

    init(_ dictionary: ModelDictionary, values: Values) {
        self.values = values
        super.init(dictionary)
    }
}

extension IdentifiedModel {
    /// The object as a table holds it.
    var held: HeldObject {
        if LocalValues.self == NoLocalValues.self { return .plain(dictionary) }
        let locals = localValues
        return locals == LocalValues() ? .plain(dictionary) : .withLocals(HeldWithLocals(dictionary, values: locals))
    }

    /// The models of objects a table holds, in their order: made in one call specialized for
    /// the model (``ImmutableModel/_checkedModels(_:proof:)``) when none of them has `@local`
    /// values of its own, which is the common case; one by one otherwise.
    /// - Complexity: O(*n*).
    static func models(held objects: [HeldObject]) -> [Self] {
        var dictionaries: [ModelDictionary] = []
        dictionaries.reserveCapacity(objects.count)
        for object in objects {
            guard object.append(to: &dictionaries) else { return objects.map(Self.init(held:)) }
        }
        return Self._checked(dictionaries)
    }

    /// The model of an object a table holds.
    init(held: HeldObject) {
        switch held {
        case .plain(let dictionary):
            self = ._checked(dictionary, localValues: LocalValues())
        case .withLocals(let box):
            let boxed = unsafeDowncast(box, to: HeldWithLocals<LocalValues>.self)
            self = ._checked(boxed.dictionary, localValues: boxed.values)
        case .stored(let bytes):
            self = ._checked(bytes.dictionary, localValues: LocalValues())
        }
    }
}

extension PersistentList {
    /// Asks the processor for the objects of the elements at `positions` (see
    /// ``HeldObject/prefetch(at:)``), a leaf at a time, calling `body` with each leaf's run
    /// once its objects are asked for; stops when `body` returns `false`.
    ///
    /// Objects found through an index lie anywhere in memory, and a copy's retain waits on
    /// its object's cache miss, one after another; asked for first, the misses overlap.
    ///
    /// - Parameters:
    ///   - positions: The positions.
    ///   - object: Where in an element its ``HeldObject`` is (`MemoryLayout.offset(of:)`).
    ///   - body: The work on a run, once its objects are asked for.
    func forEachPrefetchedRun(
        in positions: Range<Int>, object: Int, _ body: (UnsafeBufferPointer<Element>) -> Bool = { _ in true }
    ) {
        forEachRun(in: positions) { run in
            guard let start = run.baseAddress else { return body(run) }
            let base = UnsafeRawPointer(start) + object
            for index in run.indices {
                HeldObject.prefetch(at: base + index * MemoryLayout<Element>.stride)
            }
            return body(run)
        }
    }
}
