/// A circle: one stroke that goes once around a centre, in either direction, and comes back near
/// where it began, at a nearly even distance from the centre, turning evenly rather than at corners
/// (which is what tells it from a rounded rectangle or triangle).
public struct CircleAnalyzer: StrokeAnalyzer, Sendable {
    public struct Result: Equatable, Sendable {
        public var center: PanelPoint
        /// The mean distance of the path from the centre, mm.
        public var radius: Float
        /// Clockwise on screen (y grows downward).
        public var clockwise: Bool
    }

    public var minimumRadius: Float = 3
    /// Turns around the centre: a little short of one closes with a gap, more than one overlaps.
    public var minimumTurns: Float = 0.8
    public var maximumTurns: Float = 1.5
    /// Turning back against the stroke's direction, in turns.
    public var maximumBackwardTurns: Float = 0.05
    /// The gap between start and end over the diameter.
    public var maximumGap: Float = 0.6
    /// The spread of the distance from the centre (standard deviation over mean).
    public var maximumRadiusSpread: Float = 0.22
    /// The share of the path's total turning done by its 8 sharpest of 62 bends: a circle turns
    /// evenly (about 0.13 ideally, 0.3 to 0.4 drawn by hand), polygons at their corners.
    public var maximumCornerShare: Float = 0.44

    public init() {}

    public func analyze(_ stroke: StrokeBuffer) -> Result? {
        guard stroke.count > 4 else { return nil }
        let path = ResampledStroke(stroke)
        let n = ResampledStroke.pointCount
        let center = path.centroid

        var sum: Float = 0
        var squares: Float = 0
        for i in 0..<n {
            let r = path[i].distance(to: center)
            sum += r
            squares += r * r
        }
        let radius = sum / Float(n)
        guard radius >= minimumRadius else { return nil }
        let variance = max(0, squares / Float(n) - radius * radius)
        guard variance.squareRoot() <= maximumRadiusSpread * radius else { return nil }
        guard path[0].distance(to: path[n - 1]) <= maximumGap * 2 * radius else { return nil }

        var forward: Float = 0
        var backward: Float = 0
        var previousAngle = Self.angle(of: path[0] - center)
        for i in 1..<n {
            let angle = Self.angle(of: path[i] - center)
            let step = ScalarMath.wrapAngle(angle - previousAngle)
            if step > 0 { forward += step } else { backward -= step }
            previousAngle = angle
        }
        let turns = abs(forward - backward) / ScalarMath.twoPi
        guard turns >= minimumTurns, turns <= maximumTurns else { return nil }
        guard min(forward, backward) / ScalarMath.twoPi <= maximumBackwardTurns else { return nil }
        guard cornerShare(of: path) <= maximumCornerShare else { return nil }
        return Result(center: center, radius: radius, clockwise: forward > backward)
    }

    private static func angle(of v: PanelPoint) -> Float { ScalarMath.atan2(v.y, v.x) }

    /// Heading changes between successive segments; the 8 largest kept in a small sorted list.
    private func cornerShare(of path: ResampledStroke) -> Float {
        let n = ResampledStroke.pointCount
        var sharpest = InlineArray<8, Float>(repeating: 0)
        var total: Float = 0
        var previousHeading = Self.angle(of: path[1] - path[0])
        for i in 2..<n {
            let heading = Self.angle(of: path[i] - path[i - 1])
            var bend = abs(ScalarMath.wrapAngle(heading - previousHeading))
            previousHeading = heading
            total += bend
            // Insertion into a descending list of 8: the displaced value moves down a place.
            for k in 0..<8 where bend > sharpest[k] {
                let displaced = sharpest[k]
                sharpest[k] = bend
                bend = displaced
            }
        }
        guard total > 0 else { return 1 }
        var top: Float = 0
        for k in 0..<8 { top += sharpest[k] }
        return top / total
    }
}
