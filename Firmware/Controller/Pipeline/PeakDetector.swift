import TouchCore

/// A local maximum of the delta grid.
public struct Peak: Equatable, Sendable {
    public var column: Int
    public var row: Int
    public var delta: Int16

    public init(column: Int, row: Int, delta: Int16) {
        self.column = column
        self.row = row
        self.delta = delta
    }

    public static let placeholder = Peak(column: 0, row: 0, delta: 0)
}

public typealias PeakList = InlineList<32, Peak>

/// Finds the nodes at or above a threshold that beat their eight neighbours. Ties go to the node
/// scanned first (strictly greater than earlier neighbours, at least equal to later ones), so a
/// plateau of equal nodes yields exactly one peak.
public enum PeakDetector {
    public static func findPeaks(in grid: CountGrid, threshold: Int16, into peaks: inout PeakList) {
        peaks.removeAll()
        let columns = grid.columns
        let rows = grid.rows
        var index = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let value = grid[index]
                if value >= threshold && isPeak(grid, column: column, row: row, value: value) {
                    add(Peak(column: column, row: row, delta: value), to: &peaks)
                }
                index += 1
            }
        }
    }

    private static func isPeak(_ grid: CountGrid, column: Int, row: Int, value: Int16) -> Bool {
        for dy in -1...1 {
            let r = row + dy
            if r < 0 || r >= grid.rows { continue }
            for dx in -1...1 {
                let c = column + dx
                if (dx == 0 && dy == 0) || c < 0 || c >= grid.columns { continue }
                let neighbour = grid[c, r]
                let isEarlier = dy < 0 || (dy == 0 && dx < 0)
                if isEarlier ? neighbour >= value : neighbour > value { return false }
            }
        }
        return true
    }

    /// With more peaks than room, the weakest give way: they are the likeliest to be noise.
    private static func add(_ peak: Peak, to peaks: inout PeakList) {
        if peaks.append(peak) { return }
        var weakest = 0
        for i in peaks.indices where peaks[i].delta < peaks[weakest].delta { weakest = i }
        if peaks[weakest].delta < peak.delta { peaks[weakest] = peak }
    }
}
