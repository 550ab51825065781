import TouchCore

/// Places a touch between nodes. Along each axis it fits a Gaussian through the peak and its two
/// neighbours (a parabola through the logarithms), which is exact for the bell-shaped profile a
/// finger leaves and so, unlike a plain weighted centroid, has no pull towards node centres.
/// The neighbours are sums over three rows (or columns) to average the noise down. On the
/// outermost nodes, where one neighbour is missing, it uses the panel's calibrated profile width.
public struct CentroidInterpolator: Sendable {
    public let pitchX: Float
    public let pitchY: Float
    public let panelWidth: Float
    public let panelHeight: Float
    /// Profile variance in node units squared, per axis.
    private let varianceX: Float
    private let varianceY: Float

    public init(board: BoardDefinition) {
        pitchX = board.nodePitchX
        pitchY = board.nodePitchY
        panelWidth = board.panelWidth
        panelHeight = board.panelHeight
        let sigma = board.touchProfileSigma
        varianceX = (sigma / pitchX) * (sigma / pitchX)
        varianceY = (sigma / pitchY) * (sigma / pitchY)
    }

    /// The touch position in mm.
    public func locate(_ peak: Peak, in grid: CountGrid) -> PanelPoint {
        let c = peak.column
        let r = peak.row
        let hasLeft = c > 0
        let hasRight = c + 1 < grid.columns
        let hasUp = r > 0
        let hasDown = r + 1 < grid.rows
        let left = hasLeft ? columnSum(grid, column: c - 1, row: r) : 0
        let right = hasRight ? columnSum(grid, column: c + 1, row: r) : 0
        let up = hasUp ? rowSum(grid, column: c, row: r - 1) : 0
        let down = hasDown ? rowSum(grid, column: c, row: r + 1) : 0
        let dx = CentroidInterpolator.offset(
            before: hasLeft ? left : nil, centre: columnSum(grid, column: c, row: r), after: hasRight ? right : nil,
            variance: varianceX)
        let dy = CentroidInterpolator.offset(
            before: hasUp ? up : nil, centre: rowSum(grid, column: c, row: r), after: hasDown ? down : nil,
            variance: varianceY)
        let x = (Float(c) + 0.5 + dx) * pitchX
        let y = (Float(r) + 0.5 + dy) * pitchY
        return PanelPoint(x: min(max(x, 0), panelWidth), y: min(max(y, 0), panelHeight))
    }

    /// Sum of a column's deltas over the peak's row and its neighbours.
    private func columnSum(_ grid: CountGrid, column: Int, row: Int) -> Float {
        var sum: Int32 = 0
        for r in max(0, row - 1)...min(grid.rows - 1, row + 1) { sum += Int32(grid[column, r]) }
        return Float(Int(sum))
    }

    private func rowSum(_ grid: CountGrid, column: Int, row: Int) -> Float {
        var sum: Int32 = 0
        for c in max(0, column - 1)...min(grid.columns - 1, column + 1) { sum += Int32(grid[c, row]) }
        return Float(Int(sum))
    }

    /// Offset of the profile's centre from the centre node, in node pitches.
    static func offset(before: Float?, centre: Float, after: Float?, variance: Float) -> Float {
        let lnCentre = FastMath.log(max(centre, 1))
        var offset: Float
        if let before, let after {
            let lnBefore = FastMath.log(max(before, 1))
            let lnAfter = FastMath.log(max(after, 1))
            let curvature = lnBefore - 2 * lnCentre + lnAfter
            if curvature < -0.01 {
                offset = 0.5 * (lnBefore - lnAfter) / curvature
            } else {
                // Flat top (a very broad touch): fall back to a weighted centroid.
                let total = max(before + centre + after, 1)
                offset = (after - before) / total
            }
        } else if let after {
            offset = 0.5 - variance * (lnCentre - FastMath.log(max(after, 1)))
        } else if let before {
            offset = variance * (lnCentre - FastMath.log(max(before, 1))) - 0.5
        } else {
            offset = 0
        }
        return min(max(offset, -0.75), 0.75)
    }
}
