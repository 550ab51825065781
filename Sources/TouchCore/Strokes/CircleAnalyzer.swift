/// A circle: one stroke that goes once around a centre, in either direction, and comes back near
/// where it began, drawn by hand, sampled sparsely, or scripted as a polygon of eight or more
/// sides. Polygons with few corners stay out two ways: by the sharpest corner (a rectangle turns
/// 90 degrees at once, an octagon 45), and by roundness after stretching the stroke along its
/// principal axes to equal spread (hands draw ellipses): then a circle's distance from the centre
/// is nearly flat, while a rectangle's has four bumps and a triangle's three, the 4th and 3rd
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
    /// How far the end stays from the stroke's first half, over the diameter: the gap of a
    /// circle that stops short, and none for one that overlaps its start.
    public var maximumGap: Float = 0.6
    /// The spread of the distance from the centre (standard deviation over mean) before the
    /// stretch: it bounds how flat an ellipse may be.
    public var maximumRadiusSpread: Float = 0.3
    /// Four corners: the 4th harmonic of the stretched distance's departure from its mean, over
    /// the mean. Hand-drawn circles stay below about 0.03, rectangles above 0.05. Both harmonics
    /// are chosen leave-one-subject-out on the $1 study (docs/strokes.md).
    public var maximumFourCornerHarmonic: Float = 0.047
    /// Three corners: the 3rd harmonic likewise. Circles below about 0.05, triangles above 0.11.
    public var maximumThreeCornerHarmonic: Float = 0.0746
    /// The sharpest corner: the most the path turns between chords of 3 of its 63 steps (about
    /// 1/20 of the path each), away from the ends where a finger lands or lifts with a hook. A
    /// round stroke turns evenly, so a polygon of eight or more sides (45 degrees a corner, as a
    /// script or a slow controller's sampling draws a circle) passes, while a rectangle (90), a
    /// triangle (120) and a star (144) do not. Radians: between the $1 study's hand circles (up
    /// to 62 degrees) and rectangles (from 69), judged leave-one-subject-out (docs/strokes.md).
    public var maximumCorner: Float = 65 * ScalarMath.pi / 180

    public init() {}

    /// What the thresholds judge, measured on the 64 resampled points: `analyze` is `measure`
    /// and `accepts`. Public so the thresholds can be tuned and judged on data (docs/strokes.md).
    public struct Measures: Equatable, Sendable {
        public var center: PanelPoint
        public var radius: Float
        public var clockwise: Bool
        /// Spread of the distance from the centre, standard deviation over mean.
        public var radiusSpread: Float
        /// The end's distance from the first half of the path, over the diameter.
        public var gap: Float
        public var turns: Float
        public var backwardTurns: Float
        /// Radians: `maximumCorner`'s measure.
        public var corner: Float
        public var threeCornerHarmonic: Float
        public var fourCornerHarmonic: Float
    }

    public func analyze(_ stroke: @_addressable StrokeBuffer) -> Result? {
        guard let m = measure(stroke), accepts(m) else { return nil }
        return Result(center: m.center, radius: m.radius, clockwise: m.clockwise)
    }

    public func accepts(_ m: Measures) -> Bool {
        m.radius >= minimumRadius && m.radiusSpread <= maximumRadiusSpread && m.gap <= maximumGap
            && m.turns >= minimumTurns && m.turns <= maximumTurns && m.backwardTurns <= maximumBackwardTurns
            && m.corner <= maximumCorner && m.threeCornerHarmonic <= maximumThreeCornerHarmonic
            && m.fourCornerHarmonic <= maximumFourCornerHarmonic
    }

    /// The measures of a stroke of at least five samples.
    public func measure(_ stroke: @_addressable StrokeBuffer) -> Measures? {
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
        guard radius > 0 else { return nil }
        let variance = max(0, squares / Float(n) - radius * radius)

        var forward: Float = 0
        var backward: Float = 0
        var previousAngle = Self.angle(of: path[0] - center)
        for i in 1..<n {
            let angle = Self.angle(of: path[i] - center)
            let step = ScalarMath.wrapAngle(angle - previousAngle)
            if step > 0 { forward += step } else { backward -= step }
            previousAngle = angle
        }
        let (three, four) = cornerHarmonics(of: path, center: center)
        return Measures(
            center: center, radius: radius, clockwise: forward > backward,
            radiusSpread: variance.squareRoot() / radius,
            gap: Self.closingGap(of: path) / (2 * radius),
            turns: abs(forward - backward) / ScalarMath.twoPi,
            backwardTurns: min(forward, backward) / ScalarMath.twoPi,
            corner: sharpestCorner(of: path), threeCornerHarmonic: three, fourCornerHarmonic: four)
    }

    private static func angle(of v: PanelPoint) -> Float { ScalarMath.atan2(v.y, v.x) }

    /// The distance from the end to the nearest point of the first half of the path: the start
    /// for a stroke that stops short of a full turn, about 0 for one that goes past its start.
    private static func closingGap(of path: ResampledStroke) -> Float {
        let n = ResampledStroke.pointCount
        let end = path[n - 1]
        var nearest = end.distance(to: path[0])
        for i in 1..<(n / 2) { nearest = min(nearest, end.distance(to: path[i])) }
        return nearest
    }

    /// The largest angle between the chord arriving at a point and the chord leaving it, each
    /// `cornerSpan` resampled steps long: chords rather than single steps, so sensor jitter on a
    /// small circle does not add up to a corner. The `endSkip` steps at each end are left out.
    private func sharpestCorner(of path: ResampledStroke) -> Float {
        let n = ResampledStroke.pointCount
        let cornerSpan = 3, endSkip = 3
        var sharpest: Float = 0
        for i in (cornerSpan + endSkip)..<(n - cornerSpan - endSkip) {
            let arriving = path[i] - path[i - cornerSpan]
            let leaving = path[i + cornerSpan] - path[i]
            let cross = arriving.x * leaving.y - arriving.y * leaving.x
            let dot = arriving.x * leaving.x + arriving.y * leaving.y
            sharpest = max(sharpest, abs(ScalarMath.atan2(cross, dot)))
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
