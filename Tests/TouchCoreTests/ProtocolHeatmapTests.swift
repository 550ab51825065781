import Testing
import TouchCore

@Suite struct ProtocolHeatmapTests {
    static func node(_ row: Int, _ column: Int) -> Int16 { Int16(row * 100 - column * 7) }

    @Test(arguments: [(UInt8(18), UInt8(32), 6), (1, 1, 1), (40, 123, 40), (4, 41, 2), (24, 40, 8)])
    func aGridIsSentInWholeRowSlicesThatReassembleIntoIt(rows: UInt8, columns: UInt8, slices: Int) {
        var sink = ByteCollector()
        FrameEncoder.encodeHeatmap(sequence: 9, timestamp: 77, rows: rows, columns: columns, to: &sink, value: Self.node)
        let received = ProtocolSamples.decode(sink.bytes).frames.compactMap { frame -> HeatmapSlice? in
            if case .device(.heatmap(let slice)) = frame { return slice }
            return nil
        }
        #expect(received.count == slices)
        var seen = Array(repeating: Array(repeating: Int16.min, count: Int(columns)), count: Int(rows))
        for slice in received {
            #expect(slice.sequence == 9 && slice.timestamp == 77 && slice.totalRows == rows)
            for row in Int(slice.firstRow)..<Int(slice.firstRow) + Int(slice.rowCount) {
                for column in 0..<Int(columns) { seen[row][column] = slice[row, column] }
            }
        }
        #expect(seen == (0..<Int(rows)).map { row in (0..<Int(columns)).map { Self.node(row, $0) } })
    }

    @Test func aGridWiderThanAFrameSendsNothing() {
        var sink = ByteCollector()
        FrameEncoder.encodeHeatmap(sequence: 1, timestamp: 1, rows: 2, columns: 124, to: &sink) { _, _ in 0 }
        #expect(sink.bytes.isEmpty)
    }
}
