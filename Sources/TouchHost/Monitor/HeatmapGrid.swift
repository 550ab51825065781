import TouchCore

/// The latest complete scan of sensor deltas, assembled from heatmap slices.
public struct HeatmapGrid: Sendable {
    public private(set) var columns = 0
    public private(set) var rows = 0
    /// Row-major, `rows * columns` values of the last complete scan.
    public private(set) var values: [Int16] = []
    private var building: [Int16] = []
    private var buildingSequence: UInt16?
    public private(set) var scans = 0

    public init() {}

    public mutating func add(_ slice: HeatmapSlice) {
        let columns = Int(slice.columns), rows = Int(slice.totalRows)
        if buildingSequence != slice.sequence || building.count != columns * rows {
            building = Array(repeating: 0, count: columns * rows)
            buildingSequence = slice.sequence
        }
        for row in Int(slice.firstRow)..<min(rows, Int(slice.firstRow) + Int(slice.rowCount)) {
            for column in 0..<columns { building[row * columns + column] = slice[row, column] }
        }
        // Slices come in row order: the one holding the last row completes the scan.
        if Int(slice.firstRow) + Int(slice.rowCount) >= rows {
            self.columns = columns
            self.rows = rows
            values = building
            scans += 1
        }
    }

    public var isEmpty: Bool { values.isEmpty }

    public func value(row: Int, column: Int) -> Int16 { values[row * columns + column] }

    /// Shades from nothing to full signal.
    public static let shades: [Character] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    /// The shade for `value` on a scale whose top is `peak` (at least a floor, so noise stays faint).
    public static func shade(_ value: Int16, peak: Int) -> Character {
        let top = max(peak, 200)
        let level = max(0, Int(value)) * (shades.count - 1) / top
        return shades[min(shades.count - 1, level)]
    }

    public var peak: Int { values.map { Int($0) }.max() ?? 0 }
}
