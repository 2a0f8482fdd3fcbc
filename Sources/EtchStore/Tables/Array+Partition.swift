extension Array {
    /// The first position whose element is not `isBefore` the place searched for, in an array
    /// where every element that is `isBefore` it comes first: a binary search.
    /// - Complexity: O(log *n*) calls of `isBefore`.
    func partitionIndex(where isBefore: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
