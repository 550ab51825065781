import TouchCore

/// One value per sensor node, row-major, in a buffer sized for the largest board of the build.
/// The scan writes raw counts into it and turns them into deltas in place.
public struct CountGrid: Sendable {
    @usableFromInline var storage: NodeBuffer
    public let columns: Int
    public let rows: Int

    public init(columns: Int, rows: Int) {
        precondition(columns * rows <= SensorGridLimits.maxNodes, "board exceeds the sensor grid buffer")
        self.columns = columns
        self.rows = rows
        storage = NodeBuffer()
    }

    public var nodeCount: Int { columns * rows }

    @inlinable public subscript(index: Int) -> Int16 {
        get { Int16(bitPattern: storage[index]) }
        set { storage[index] = UInt16(bitPattern: newValue) }
    }

    @inlinable public subscript(column: Int, row: Int) -> Int16 {
        get { Int16(bitPattern: storage[row * columns + column]) }
        set { storage[row * columns + column] = UInt16(bitPattern: newValue) }
    }
}
