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
    /// Looks at every node of `grid`.
    public static func findPeaks(in grid: borrowing CountGrid, threshold: Int16, into peaks: inout PeakList) {
        peaks.removeAll()
        let shape = GridShape(grid)
        let deltas = grid.storage.bytes.span.bytes
        for index in 0..<grid.nodeCount {
            consider(index, deltas, shape, threshold: threshold, into: &peaks)
        }
    }

    /// Looks only at `candidates`, the nodes the baseline pass found at or above `threshold` (the
    /// whole grid when they overflowed): the same peaks in the same order, for a fraction of the cost.
    /// `candidates` is `inout` only to be read in place: a borrowed list was copied whole (256
    /// bytes) for every element read in the Embedded build.
    public static func findPeaks(
        in grid: borrowing CountGrid, among candidates: inout PeakCandidates, threshold: Int16,
        into peaks: inout PeakList
    ) {
        if candidates.overflowed {
            findPeaks(in: grid, threshold: threshold, into: &peaks)
            return
        }
        peaks.removeAll()
        let shape = GridShape(grid)
        let deltas = grid.storage.bytes.span.bytes
        for i in candidates.nodes.indices {
            consider(Int(candidates.nodes[i]), deltas, shape, threshold: threshold, into: &peaks)
        }
    }

    @inline(__always)
    private static func consider(
        _ index: Int, _ deltas: borrowing RawSpan, _ shape: GridShape, threshold: Int16, into peaks: inout PeakList
    ) {
        let value = shape.delta(at: index, deltas)
        guard value >= threshold else { return }
        let row = index / shape.columns
        let column = index &- row &* shape.columns
        if shape.beatsNeighbours(column: column, row: row, index: index, value: value, deltas) {
            add(Peak(column: column, row: row, delta: value), to: &peaks)
        }
    }

    /// With more peaks than room, the weakest give way: they are the likeliest to be noise.
    private static func add(_ peak: Peak, to peaks: inout PeakList) {
        if peaks.append(peak) { return }
        var weakest = 0
        for i in peaks.indices where peaks[i].delta < peaks[weakest].delta { weakest = i }
        if peaks[weakest].delta < peak.delta { peaks[weakest] = peak }
    }
}

/// Reads a grid's deltas in place, unchecked: every index is below `columns x rows`, which
/// CountGrid's init keeps within its buffer.
private struct GridShape {
    let columns: Int
    let rows: Int

    @inline(__always)
    init(_ grid: borrowing CountGrid) {
        columns = grid.columns
        rows = grid.rows
    }

    @inline(__always)
    func delta(at index: Int, _ deltas: borrowing RawSpan) -> Int16 {
        deltas.int16(atNode: index)
    }

    /// Strictly above its earlier neighbours (the row above, the node to the left), at least equal
    /// to its later ones; neighbours off the grid do not count.
    @inline(__always)
    func beatsNeighbours(column: Int, row: Int, index: Int, value: Int16, _ deltas: borrowing RawSpan) -> Bool {
        let left = column > 0
        let right = column &+ 1 < columns
        if left && delta(at: index &- 1, deltas) >= value { return false }
        if right && delta(at: index &+ 1, deltas) > value { return false }
        if row > 0 {
            let above = index &- columns
            if delta(at: above, deltas) >= value || (left && delta(at: above &- 1, deltas) >= value)
                || (right && delta(at: above &+ 1, deltas) >= value)
            {
                return false
            }
        }
        if row &+ 1 < rows {
            let below = index &+ columns
            if delta(at: below, deltas) > value || (left && delta(at: below &- 1, deltas) > value)
                || (right && delta(at: below &+ 1, deltas) > value)
            {
                return false
            }
        }
        return true
    }
}
