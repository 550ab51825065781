/// A circle: one stroke that goes once around a centre, in either direction, and comes back near
/// where it began. Hands draw ellipses, so roundness is judged after stretching the stroke along its
/// principal axes to equal spread: then a circle's distance from the centre is nearly flat, while a
/// rectangle's has four bumps (its corners) and a triangle's three. Those bumps are the 4th and 3rd
/// harmonics of the distance around the centre.
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
    /// The spread of the distance from the centre (standard deviation over mean) before the
    /// stretch: it bounds how flat an ellipse may be.
    public var maximumRadiusSpread: Float = 0.3
    /// Four corners: the 4th harmonic of the stretched distance's departure from its mean, over
    /// the mean. Hand-drawn circles stay below about 0.03, rectangles above 0.05.
    public var maximumFourCornerHarmonic: Float = 0.04
    /// Three corners: the 3rd harmonic likewise. Circles below about 0.05, triangles above 0.11.
    public var maximumThreeCornerHarmonic: Float = 0.08
    /// The sharpest corner: the most the path turns within 3 of its 63 steps (about 1/20 of the
    /// path), away from the ends where a finger lands or lifts with a hook. A round stroke turns
    /// evenly, so a polygon of eight or more sides (45 degrees a corner, as a script or a slow
    /// controller's sampling draws a circle) passes, while a rectangle (90), a triangle (120) and a
    /// star (144) do not. Radians; tuned leave-one-subject-out (docs/strokes.md).
    public var maximumCorner: Float = 75 * ScalarMath.pi / 180

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
        guard sharpestCorner(of: path) <= maximumCorner else { return nil }
        let (three, four) = cornerHarmonics(of: path, center: center)
        guard three <= maximumThreeCornerHarmonic, four <= maximumFourCornerHarmonic else { return nil }
        return Result(center: center, radius: radius, clockwise: forward > backward)
    }

    private static func angle(of v: PanelPoint) -> Float { ScalarMath.atan2(v.y, v.x) }

    /// The largest net turn over `cornerSpan` successive bends, the `endSkip` bends at each end left out.
    private func sharpestCorner(of path: ResampledStroke) -> Float {
        let n = ResampledStroke.pointCount
        let cornerSpan = 3, endSkip = 3
        var bends = InlineArray<64, Float>(repeating: 0)
        var previousHeading = Self.angle(of: path[1] - path[0])
        for i in 2..<n {
            let heading = Self.angle(of: path[i] - path[i - 1])
            bends[i - 2] = ScalarMath.wrapAngle(heading - previousHeading)
            previousHeading = heading
        }
        let bendCount = n - 2
        var sharpest: Float = 0
        var first = endSkip
        while first + cornerSpan <= bendCount - endSkip {
            var turn: Float = 0
            for k in first..<(first + cornerSpan) { turn += bends[k] }
            sharpest = max(sharpest, abs(turn))
            first += 1
        }
        return sharpest
    }

    /// The 3rd and 4th harmonics of the distance from the centre, after the stretch that turns the
    /// stroke's spread (its covariance ellipse) into a circle. Only the distance's departure from
    /// its mean counts, so an arc that stops short of a full turn adds nothing by its gap. Powers
    /// of the unit direction (a complex number) stand in for cos(k angle) and sin(k angle).
    private func cornerHarmonics(of path: ResampledStroke, center: PanelPoint) -> (Float, Float) {
        let n = ResampledStroke.pointCount
        var sxx: Float = 0, syy: Float = 0, sxy: Float = 0
        for i in 0..<n {
            let d = path[i] - center
            sxx += d.x * d.x
            syy += d.y * d.y
            sxy += d.x * d.y
        }
        let half = (sxx - syy) / 2
        let root = (half * half + sxy * sxy).squareRoot()
        let major = (sxx + syy) / 2 + root
        let minor = (sxx + syy) / 2 - root
        guard minor > 1e-6 * major, minor > 0 else { return (1, 1) }
        let axis = 0.5 * ScalarMath.atan2(2 * sxy, sxx - syy)
        let c = ScalarMath.cos(axis), s = ScalarMath.sin(axis)
        let majorScale = 1 / major.squareRoot(), minorScale = 1 / minor.squareRoot()
        func stretched(_ i: Int) -> (u: Float, v: Float) {
            let d = path[i] - center
            return ((d.x * c + d.y * s) * majorScale, (-d.x * s + d.y * c) * minorScale)
        }
        var sum: Float = 0
        for i in 0..<n {
            let (u, v) = stretched(i)
            sum += (u * u + v * v).squareRoot()
        }
        let mean = sum / Float(n)
        guard mean > 0 else { return (1, 1) }
        var re3: Float = 0, im3: Float = 0, re4: Float = 0, im4: Float = 0
        for i in 0..<n {
            let (u, v) = stretched(i)
            let r = (u * u + v * v).squareRoot()
            guard r > 0 else { continue }
            let departure = r - mean
            let (x1, y1) = (u / r, v / r)
            let (x2, y2) = (x1 * x1 - y1 * y1, 2 * x1 * y1)
            let (x3, y3) = (x2 * x1 - y2 * y1, x2 * y1 + y2 * x1)
            let (x4, y4) = (x2 * x2 - y2 * y2, 2 * x2 * y2)
            re3 += departure * x3
            im3 += departure * y3
            re4 += departure * x4
            im4 += departure * y4
        }
        return ((re3 * re3 + im3 * im3).squareRoot() / sum, (re4 * re4 + im4 * im4).squareRoot() / sum)
    }
}
