extension FrameEncoder {
    /// Sends one scan's grid as heatmap slices of as many whole rows as fit a frame.
    /// `value(row, column)` gives each node's delta. Grids wider than 123 columns cannot be sent.
    public static func encodeHeatmap<S: ByteSink>(
        sequence: UInt16, timestamp: UInt32, rows: UInt8, columns: UInt8, to sink: inout S,
        value: (_ row: Int, _ column: Int) -> Int16
    ) {
        let rowsPerSlice = HeatmapSlice.rowsPerSlice(columns: Int(columns))
        guard rowsPerSlice > 0 else { return }
        var firstRow = 0
        while firstRow < Int(rows) {
            let rowCount = min(rowsPerSlice, Int(rows) - firstRow)
            var slice = HeatmapSlice(
                sequence: sequence, timestamp: timestamp, totalRows: rows, firstRow: UInt8(firstRow),
                rowCount: UInt8(rowCount), columns: columns)
            for row in firstRow..<firstRow + rowCount {
                for column in 0..<Int(columns) { slice.values.append(value(row, column)) }
            }
            encode(.heatmap(slice), to: &sink)
            firstRow += rowCount
        }
    }
}
