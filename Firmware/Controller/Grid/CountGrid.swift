import TouchCore

/// One value per sensor node, row-major, in a buffer sized for the largest supported board.
/// The scan writes raw counts into it and turns them into deltas in place.
public struct CountGrid: Sendable {
    @usableFromInline var storage: InlineArray<5376, Int16>
    public let columns: Int
    public let rows: Int

    public init(columns: Int, rows: Int) {
        precondition(columns * rows <= SensorGridLimits.maxNodes, "board exceeds the sensor grid buffer")
        self.columns = columns
        self.rows = rows
        storage = InlineArray(repeating: 0)
    }

    public var nodeCount: Int { columns * rows }

    @inlinable public subscript(index: Int) -> Int16 {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    @inlinable public subscript(column: Int, row: Int) -> Int16 {
        get { storage[row * columns + column] }
        set { storage[row * columns + column] = newValue }
    }
}
