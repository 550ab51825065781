import TouchCore

/// Turns a resting hand into one contact flagged as a palm, as a controller's touch suppression
/// does, so that neither the controller's report nor the host's gestures see it as fingers. A
/// palm is flat: its profile's minor axis (`ContactShapeMeter`) is at least `palmAxisRatio` x
/// the board's finger, and its plateau's noise makes many peaks. Each palm's extent is where its
/// own row and column stay above half its peak without rising again (a finger beside it is a
/// rise); every peak within that extent and one node around it belongs to the palm and is
/// replaced by one contact at the extent's centre, sized by it. Fingers beyond stay fingers.
public struct PalmFilter: Sendable {
    /// A contact whose minor axis reaches this many finger diameters is a palm.
    public static let palmAxisRatio: Float = 3
    /// Hands tracked at once: more palms than this are still suppressed, merged into the last.
    static let capacity = 4

    private struct Extent {
        var firstColumn: Int
        var lastColumn: Int
        var firstRow: Int
        var lastRow: Int
        var delta: Int16

        func contains(column: Int, row: Int, margin: Int) -> Bool {
            column >= firstColumn - margin && column <= lastColumn + margin && row >= firstRow - margin
                && row <= lastRow + margin
        }

        func overlaps(_ other: Extent) -> Bool {
            other.firstColumn <= lastColumn + 1 && other.lastColumn >= firstColumn - 1 && other.firstRow <= lastRow + 1
                && other.lastRow >= firstRow - 1
        }

        mutating func merge(_ other: Extent) {
            firstColumn = min(firstColumn, other.firstColumn)
            lastColumn = max(lastColumn, other.lastColumn)
            firstRow = min(firstRow, other.firstRow)
            lastRow = max(lastRow, other.lastRow)
            delta = max(delta, other.delta)
        }
    }

    private let palmAxis: Float
    private let pitchX: Float
    private let pitchY: Float

    public init(board: BoardDefinition) {
        palmAxis = PalmFilter.palmAxisRatio * board.fingerDiameter
        pitchX = board.nodePitchX
        pitchY = board.nodePitchY
    }

    /// The axis length (mm) from which a contact counts as a palm.
    public var palmMinorAxis: Float { palmAxis }

    /// `located[i]` is `peaks[i]` placed and measured; palms leave both lists merged and flagged.
    public func apply(peaks: inout PeakList, located: inout LocatedPeakList, in grid: borrowing CountGrid) {
        var extents = InlineList<4, Extent>(filler: Extent(firstColumn: 0, lastColumn: 0, firstRow: 0, lastRow: 0, delta: 0))
        // Strongest palm peaks first would need a sort; in scan order, the first peak of a
        // plateau found sets its extent, and a later, stronger one inside it joins it.
        for i in located.indices where Float(Int(located[i].shape.minor)) * 0.5 >= palmAxis {
            let peak = peaks[i]
            var inside = false
            for e in extents.indices where extents[e].contains(column: peak.column, row: peak.row, margin: 1) {
                inside = true
                extents[e].delta = max(extents[e].delta, peak.delta)
            }
            if inside { continue }
            let extent = measureExtent(from: peak, in: grid)
            // One hand's plateau seen from two of its peaks is still one hand.
            var merged = false
            for e in extents.indices where !merged && extents[e].overlaps(extent) {
                extents[e].merge(extent)
                merged = true
            }
            if !merged && !extents.append(extent) { extents[extents.count - 1].merge(extent) }
        }
        guard !extents.isEmpty else { return }
        var index = located.count - 1
        while index >= 0 {
            for e in extents.indices where extents[e].contains(column: peaks[index].column, row: peaks[index].row, margin: 1) {
                located.remove(at: index)
                peaks.remove(at: index)
                break
            }
            index -= 1
        }
        for e in extents.indices {
            let extent = extents[e]
            let width = Float(extent.lastColumn - extent.firstColumn + 1) * pitchX
            let height = Float(extent.lastRow - extent.firstRow + 1) * pitchY
            let centre = PanelPoint(
                x: Float(extent.firstColumn + extent.lastColumn + 1) * 0.5 * pitchX,
                y: Float(extent.firstRow + extent.lastRow + 1) * 0.5 * pitchY)
            let shape = ContactShape(major: max(width, height), minor: min(width, height), orientation: width >= height ? 0 : 90)
            // A palm's peak stays in the peak list too, so the baseline holds still around it.
            if located.append(LocatedPeak(position: centre, delta: extent.delta, shape: WireShape(shape, isPalm: true))) {
                let column = (extent.firstColumn + extent.lastColumn) / 2
                let row = (extent.firstRow + extent.lastRow) / 2
                _ = peaks.append(Peak(column: column, row: row, delta: extent.delta))
            }
        }
    }

    private func measureExtent(from peak: Peak, in grid: borrowing CountGrid) -> Extent {
        let c = peak.column
        let r = peak.row
        let left = reach(from: peak, columnStep: -1, rowStep: 0, in: grid)
        let right = reach(from: peak, columnStep: 1, rowStep: 0, in: grid)
        let up = reach(from: peak, columnStep: 0, rowStep: -1, in: grid)
        let down = reach(from: peak, columnStep: 0, rowStep: 1, in: grid)
        return Extent(firstColumn: c - left, lastColumn: c + right, firstRow: r - up, lastRow: r + down, delta: peak.delta)
    }

    /// Nodes from the peak along one direction that stay above half its delta without rising,
    /// once down its rim (below three quarters of it), more than a tenth of it over the lowest so
    /// far: a rise there is something else's flank, while on the plateau it is noise. A method,
    /// not a closure: a closure would copy the grid onto the controller's stack.
    private func reach(from peak: Peak, columnStep: Int, rowStep: Int, in grid: borrowing CountGrid) -> Int {
        let half = peak.delta / 2
        let rise = max(peak.delta / 10, 1)
        let rim = peak.delta - peak.delta / 4
        var lowest = peak.delta
        var column = peak.column + columnStep
        var row = peak.row + rowStep
        var distance = 0
        while column >= 0, column < grid.columns, row >= 0, row < grid.rows {
            let value = grid[column, row]
            if value < half || (lowest < rim && value > lowest &+ rise) { break }
            lowest = min(lowest, value)
            distance += 1
            column += columnStep
            row += rowStep
        }
        return distance
    }
}
