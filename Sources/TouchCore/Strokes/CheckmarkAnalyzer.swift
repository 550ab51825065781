/// A checkmark as UIKit's sample defines it (the seed listings): the first movement goes down and
/// right, the stroke always moves left to right, turns once from going down to going up, and ends
/// higher than it began. Real fingers and sensors wobble, so each "always" allows a backtrack of
/// `wobble` times the stroke's size, and movement within that tolerance is noise: it neither starts
/// the down stroke nor turns it up. Extra conditions remove only strokes that are clearly something
/// else: a down stroke shallower than 5% of the stroke (a line rising to the right), a down stroke
/// nearly as tall as the up stroke, and a down leg spanning nearly as large a box as the up leg
/// (both: a `v`, whose legs are mirror images; a check's first leg is the short one).
public struct CheckmarkAnalyzer: StrokeAnalyzer, Sendable {
    public struct Result: Equatable, Sendable {
        /// The lowest point of the stroke, where the up stroke begins.
        public var vertex: PanelPoint
        public var start: PanelPoint
        public var end: PanelPoint
    }

    /// Strokes whose larger side is shorter than this (mm) are taps or jitter, not checkmarks.
    public var minimumSize: Float = 5
    /// The allowed backtrack (leftwards, or against the leg's direction), as a fraction of size:
    /// wide enough for the hook a finger makes landing (up to about an eighth of a check, in the $1
    /// study). Chosen leave-one-subject-out: every training check kept, midway to the nearest other
    /// stroke (docs/strokes.md)...
    public var wobble: Float = 0.21
    /// ...but never less than this, mm, so that small strokes tolerate sensor noise...
    public var minimumWobble: Float = 0.75
    /// ...and never more than this, mm, however large the check: a landing hook or a hand's wobble
    /// stays under half the swipe's minimum distance (12 mm), and a stroke that goes back farther
    /// is moving, not wobbling. It lets the checkmark fail while the finger moves
    /// (`CheckmarkWatch`), not only at the lift.
    public var maximumWobbleDistance: Float = 6
    /// The down stroke must fall at least this fraction of the size (and `minimumWobble`): a line
    /// rising to the right with a dip of noise at its start is not a check.
    public var minimumDepth: Float = 0.05
    /// The fall before the vertex over the rise after it. The seed's rule is "below 1" (ends above
    /// its start); a `v` comes close to 1. Tuned leave-one-subject-out on the $1 study
    /// (docs/strokes.md), never below 0.7: a down stroke two thirds as tall as the up stroke is a
    /// checkmark in UIKit's sample.
    public var maximumDepthToRise: Float = 0.7
    /// The box the down leg spans (width x height, start to the bottom) over the up leg's (the
    /// bottom to the end), square-rooted to a length ratio. A `v` mirrors its legs (about 1,
    /// however it is tilted), a check's first leg is the short one. Chosen leave-one-subject-out
    /// on the $1 study above every check of the training subjects (docs/strokes.md), never below
    /// 2/3: a down leg two thirds of the up leg both ways is a checkmark in UIKit's sample.
    public var maximumLegBoxRatio: Float = 0.7087

    public init() {}

    /// A stroke the seed's rule (with wobble) accepts, before the `v` test: `analyze` is
    /// `measure` and `accepts`. Public so the threshold can be tuned and judged on data.
    public struct Measures: Equatable, Sendable {
        public var result: Result
        /// The fall before the vertex over the rise after it (below 1: ends above its start).
        public var depthToRise: Float
        /// The down leg's box over the up leg's, as a length ratio (`maximumLegBoxRatio`).
        public var legBoxRatio: Float
    }

    public func analyze(_ stroke: @_addressable StrokeBuffer) -> Result? {
        guard let m = measure(stroke), accepts(m) else { return nil }
        return m.result
    }

    public func accepts(_ m: Measures) -> Bool {
        m.depthToRise <= maximumDepthToRise && m.legBoxRatio <= maximumLegBoxRatio
    }

    public func measure(_ stroke: @_addressable StrokeBuffer) -> Measures? {
        guard stroke.count > 2 else { return nil }
        return measure(stroke, resampled: ResampledStroke(stroke))
    }

    /// `measure` with the stroke already resampled, for trying many settings on one stroke.
    public func measure(_ stroke: @_addressable StrokeBuffer, resampled path: ResampledStroke) -> Measures? {
        guard stroke.count > 2 else { return nil }
        let (low, high) = path.bounds
        let size = max(high.x - low.x, high.y - low.y)
        guard size >= minimumSize else { return nil }
        let tolerance = max(minimumWobble, min(wobble * size, maximumWobbleDistance))
        guard Self.followsTheSeedsPhases(path, tolerance: tolerance) else { return nil }

        let start = stroke[0].position
        let end = stroke[stroke.count - 1].position
        let vertex = Self.lowestSample(of: stroke)
        let depth = vertex.y - start.y
        let rise = vertex.y - end.y
        guard end.y < start.y, depth >= max(minimumWobble, minimumDepth * size) else { return nil }
        return Measures(
            result: Result(vertex: vertex, start: start, end: end), depthToRise: depth / rise,
            legBoxRatio: Self.legBoxRatio(start: start, vertex: vertex, end: end, tolerance: tolerance))
    }

    /// The legs meet at the lowest point; the up leg's width counts at least `tolerance`, so a
    /// vertical up stroke is no division by zero.
    private static func legBoxRatio(start: PanelPoint, vertex: PanelPoint, end: PanelPoint, tolerance: Float) -> Float {
        let down = max(0, vertex.x - start.x) * max(0, vertex.y - start.y)
        let up = max(tolerance, end.x - vertex.x) * max(tolerance, vertex.y - end.y)
        return (down / up).squareRoot()
    }

    /// The seed's state machine over the resampled path: false when the stroke leaves the pattern
    /// or never turns up.
    private static func followsTheSeedsPhases(_ path: ResampledStroke, tolerance: Float) -> Bool {
        var phases = CheckmarkPhases(start: path[0], tolerance: tolerance)
        for i in 1..<ResampledStroke.pointCount where !phases.step(to: path[i]) { return false }
        return phases.turnedUp
    }

    /// The vertex as the finger drew it, not as resampling rounded it.
    private static func lowestSample(of stroke: @_addressable StrokeBuffer) -> PanelPoint {
        var lowest = stroke[0].position
        for i in stroke.indices where stroke[i].position.y > lowest.y { lowest = stroke[i].position }
        return lowest
    }
}
