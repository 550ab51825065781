/// Consecutive whole rows of one scan's sensor deltas. A grid larger than one frame allows is sent as
/// several slices with the same sequence number; the host assembles them by `firstRow`.
public struct HeatmapSlice: Equatable, Sendable {
    /// (256 payload bytes - 10 header bytes) / 2 bytes per node.
    public static let maxValues = 123
    public typealias Values = InlineList<123, Int16>

    /// The scan's sequence number, the same counter as contact reports.
    public var sequence: UInt16
    /// Device time of the scan in microseconds; wraps like `ContactReport.timestamp`.
    public var timestamp: UInt32
    /// Rows in the whole grid, so the host knows when a scan is complete.
    public var totalRows: UInt8
    public var firstRow: UInt8
    public var rowCount: UInt8
    public var columns: UInt8
    /// Baseline-subtracted signal per node, row by row; `rowCount * columns` values.
    public var values: Values

    public init(sequence: UInt16, timestamp: UInt32, totalRows: UInt8, firstRow: UInt8, rowCount: UInt8, columns: UInt8) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.totalRows = totalRows
        self.firstRow = firstRow
        self.rowCount = rowCount
        self.columns = columns
        self.values = Values(filler: 0)
    }

    /// How many rows of a grid `columns` wide fit one slice.
    public static func rowsPerSlice(columns: Int) -> Int {
        columns > 0 ? maxValues / columns : 0
    }

    public subscript(row: Int, column: Int) -> Int16 {
        values[(row - Int(firstRow)) * Int(columns) + column]
    }

    public static func == (a: HeatmapSlice, b: HeatmapSlice) -> Bool {
        guard a.sequence == b.sequence, a.timestamp == b.timestamp, a.totalRows == b.totalRows,
            a.firstRow == b.firstRow, a.rowCount == b.rowCount, a.columns == b.columns,
            a.values.count == b.values.count
        else { return false }
        for index in a.values.indices where a.values[index] != b.values[index] { return false }
        return true
    }
}
