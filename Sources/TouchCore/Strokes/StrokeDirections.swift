/// How a stroke's path length divides among 16 compass sectors of 22.5°: a short summary of the
/// directions it was drawn in, with no regard to where along the path or in which order.
///
/// Point-to-point matching needs two drawings of a gesture to line up point by point, and across
/// people they often do not: one person's circle overlaps by a fifth of a turn, another's closes
/// exactly, and the points drift apart although the shapes agree. What the strokes still share is
/// the directions travelled: a circle runs through every sector evenly, a rectangle's travel
/// gathers in four sectors, a square bracket's in three and a curly brace's spreads between them.
/// Each step's length is split between its two nearest sectors so that a small change of angle
/// moves weight smoothly instead of flipping a whole step across a sector edge.
public struct StrokeDirections: Sendable {
    public static let sectorCount = 16

    /// The share of path length in each sector (sector 0 is centred on +x, counting
    /// anticlockwise in the panel's axes); the shares sum to 1, or are all 0 for a point.
    public var shares: InlineArray<16, Float>

    public init() {
        shares = InlineArray(repeating: 0)
    }

    /// The directions travelled along `points`, in order.
    public init(_ points: InlineArray<64, PanelPoint>) {
        self.init()
        let sectorWidth = ScalarMath.twoPi / Float(Self.sectorCount)
        var total: Float = 0
        let points = points.span
        for i in 1..<points.count {
            let step = points[i] - points[i - 1]
            let length = (step.x * step.x + step.y * step.y).squareRoot()
            guard length > 0 else { continue }
            var angle = ScalarMath.atan2(step.y, step.x)
            if angle < 0 { angle += ScalarMath.twoPi }
            let position = angle / sectorWidth
            // position >= 0, so truncation is the floor; the modulo catches an angle of exactly 2π.
            let lower = Int(position) % Self.sectorCount
            let upperWeight = min(max(position - Float(Int(position)), 0), 1)
            shares[lower] += length * (1 - upperWeight)
            shares[(lower + 1) % Self.sectorCount] += length * upperWeight
            total += length
        }
        guard total > 0 else { return }
        for s in 0..<Self.sectorCount { shares[s] /= total }
    }

    /// The share of path length drawn in different directions, summed both ways: 0 when the two
    /// strokes travel the same directions in the same proportions, 2 when they share none.
    public func difference(to other: StrokeDirections) -> Float {
        var total: Float = 0
        let mine = shares.span, theirs = other.shares.span
        for s in 0..<Self.sectorCount { total += abs(mine[s] - theirs[s]) }
        return total
    }
}
