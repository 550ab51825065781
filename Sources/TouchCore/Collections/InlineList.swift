/// A list of at most `capacity` elements stored inline, without a heap allocation.
/// It is the core's answer to "capacities fixed at init": the storage exists before the first
/// frame arrives and never grows. It is deliberately not a `Collection`: that conformance pulls
/// array machinery into the Embedded build that `-no-allocations` rejects. Iterate with indices.
public struct InlineList<let capacity: Int, Element> {
    @usableFromInline var storage: InlineArray<capacity, Element>
    public private(set) var count: Int = 0

    /// `filler` occupies unused positions; it is never visible through the collection.
    @inlinable
    public init(filler: Element) {
        storage = InlineArray(repeating: filler)
    }

    // Inlinable readers: the list is generic, and a host module calling an unspecialized member
    // pays a run-time metadata lookup per call. (`count` stays a stored property: key paths to
    // computed properties of value-generic types crash this compiler.)
    @inlinable public var indices: Range<Int> { 0..<count }
    @inlinable public var isEmpty: Bool { count == 0 }
    @inlinable public var isFull: Bool { count == capacity }

    // Yielding accessors: a plain getter copied the whole inline storage on every element read,
    // which dominated the firmware's scan loop in profiles.
    @inlinable
    public subscript(position: Int) -> Element {
        _read {
            precondition(position >= 0 && position < count, "InlineList index out of range")
            yield storage[position]
        }
        _modify {
            precondition(position >= 0 && position < count, "InlineList index out of range")
            yield &storage[position]
        }
    }

    /// The elements in place, for code that reads many of them. A read through the subscript can
    /// copy the whole inline storage, every time (the compiler materializes a borrowed value to
    /// take an element's address, inside loops too); a span borrows it once, and not at all where
    /// the list is reached in place (a stored property of an `inout` or `mutating` self).
    @inlinable
    public var elements: Span<Element> {
        @_addressableSelf
        @_lifetime(borrow self)
        get { storage.span.extracting(0..<count) }
    }

    /// The elements through a pointer, for a generic caller's loop that hands each one on: such a
    /// loop is specialized in the caller's module, where reading through the subscript copied
    /// the whole list for each element on the host, and taking `elements` copied it once on the
    /// Cortex-M4. A mutable span of a list reached `inout` is in place on both.
    @inlinable
    public mutating func withUnsafeElements<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        let count = self.count
        var span = storage.mutableSpan
        return span.withUnsafeMutableBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Appends `element` and returns true, or returns false when the list is full.
    @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        guard count < capacity else { return false }
        storage[count] = element
        count += 1
        return true
    }

    /// Appends the elements of `source` that fit, in order; returns how many did not. Another
    /// list's elements come through its span: read one by one through its subscript, the whole
    /// source list could be copied for each.
    @inlinable
    public mutating func append(contentsOf source: Span<Element>) -> Int {
        var dropped = 0
        for i in source.indices where !append(source[i]) { dropped += 1 }
        return dropped
    }

    /// Removes the element at `position` by moving the last one into its place (order is not kept).
    public mutating func swapRemove(at position: Int) {
        precondition(position >= 0 && position < count, "InlineList index out of range")
        count -= 1
        if position != count { storage[position] = storage[count] }
    }

    /// Removes the element at `position`, keeping the order of the others.
    public mutating func remove(at position: Int) {
        precondition(position >= 0 && position < count, "InlineList index out of range")
        var index = position
        while index + 1 < count {
            storage[index] = storage[index + 1]
            index += 1
        }
        count -= 1
    }

    public mutating func removeAll() { count = 0 }
}

extension InlineList: Sendable where Element: Sendable {}
