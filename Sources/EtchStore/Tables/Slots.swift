import Foundation

/// Uninitialized memory for one result per iteration of a parallel loop: each iteration
/// initializes its own slot and touches no other, which is what makes sending the slots to
/// the loop's threads safe.
struct Slots<Element>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Element>
    private let count: Int

    init(count: Int) {
        base = .allocate(capacity: count)
        self.count = count
    }

    /// Initializes slot `position`; called once per slot.
    func initialize(_ position: Int, to element: consuming Element) {
        (base + position).initialize(to: element)
    }

    /// Moves every slot, all initialized, into an array.
    func moveAll() -> [Element] {
        // Not through `unsafeUninitializedCapacity` when empty: that writes the count into
        // the empty-array singleton every empty array shares, which the thread sanitizer
        // reports as a race with any thread reading an empty array (a load of no objects).
        guard count > 0 else { return [] }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: base, count: count)
            initialized = count
        }
    }

    /// Frees the memory, once its elements were moved out.
    func free() { base.deallocate() }
}

extension Slots {
    /// `make(position)` for every position below `count`, made on as many threads as there
    /// are cores, in position order.
    static func parallel(_ count: Int, _ make: @Sendable (Int) -> Element) -> [Element] {
        let slots = Slots(count: count)
        defer { slots.free() }
        DispatchQueue.concurrentPerform(iterations: count) { position in slots.initialize(position, to: make(position))
        }
        return slots.moveAll()
    }
}
