/// A checkmark as UIKit's sample defines it (the seed listings): the first movement goes down and
/// right, the stroke always moves left to right, turns once from going down to going up, and ends
/// higher than it began. Real fingers and sensors wobble, so each "always" allows a backtrack of
/// `wobble` times the stroke's size, and movement within that tolerance is noise: it neither starts
/// the down stroke nor turns it up. Two extra conditions remove only strokes that are clearly
/// something else: a down stroke shallower than 5% of the stroke (a line rising to the right), and a
/// down stroke nearly as tall as the up stroke (a `v`, whose legs are mirror images).
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
    /// study), docs/strokes.md...
    public var wobble: Float = 0.15
    /// ...but never less than this, mm, so that small strokes tolerate sensor noise.
    public var minimumWobble: Float = 0.75
    /// The down stroke must fall at least this fraction of the size (and `minimumWobble`): a line
    /// rising to the right with a dip of noise at its start is not a check.
    public var minimumDepth: Float = 0.05
    /// The fall before the vertex over the rise after it. The seed's rule is "below 1" (ends above
    /// its start); a `v` comes close to 1. Tuned leave-one-subject-out on the $1 study
    /// (docs/strokes.md), never below 0.7: a down stroke two thirds as tall as the up stroke is a
    /// checkmark in UIKit's sample.
    public var maximumDepthToRise: Float = 0.7

    public init() {}

    /// A stroke the seed's rule (with wobble) accepts, before the `v` test: `analyze` is
    /// `measure` and `accepts`. Public so the threshold can be tuned and judged on data.
    public struct Measures: Equatable, Sendable {
        public var result: Result
        /// The fall before the vertex over the rise after it (below 1: ends above its start).
        public var depthToRise: Float
    }

    public func analyze(_ stroke: StrokeBuffer) -> Result? {
        guard let m = measure(stroke), accepts(m) else { return nil }
        return m.result
    }

    public func accepts(_ m: Measures) -> Bool { m.depthToRise <= maximumDepthToRise }

    public func measure(_ stroke: StrokeBuffer) -> Measures? {
        guard stroke.count > 2 else { return nil }
        let path = ResampledStroke(stroke)
        let (low, high) = path.bounds
        let size = max(high.x - low.x, high.y - low.y)
        guard size >= minimumSize else { return nil }
        let tolerance = max(minimumWobble, wobble * size)
        guard Self.followsTheSeedsPhases(path, tolerance: tolerance) else { return nil }

        let start = stroke[0].position
        let end = stroke[stroke.count - 1].position
        let vertex = Self.lowestSample(of: stroke)
        let depth = vertex.y - start.y
        let rise = vertex.y - end.y
        guard end.y < start.y, depth >= max(minimumWobble, minimumDepth * size) else { return nil }
        return Measures(result: Result(vertex: vertex, start: start, end: end), depthToRise: depth / rise)
    }

    /// The seed's state machine (initial point, down stroke, up stroke) over the resampled path,
    /// each backtrack allowed up to `tolerance`: false when the stroke leaves the pattern or
    /// never turns up.
    private static func followsTheSeedsPhases(_ path: ResampledStroke, tolerance: Float) -> Bool {
        enum Phase { case initial, down, up }
        var phase = Phase.initial
        let start = path[0]
        var furthestRight = start.x
        var lowest = start.y
        var highestSinceTurn = start.y
        for i in 1..<ResampledStroke.pointCount {
            let p = path[i]
            furthestRight = max(furthestRight, p.x)
            if furthestRight - p.x > tolerance { return false }
            switch phase {
            case .initial:
                // Rising first, beyond noise, is not the down-and-right start.
                if p.y < start.y - tolerance { return false }
                if p.y > start.y { phase = .down }
                lowest = max(lowest, p.y)
            case .down:
                if p.y > lowest {
                    lowest = p.y
                } else if lowest - p.y > tolerance {
                    phase = .up
                    highestSinceTurn = p.y
                }
            case .up:
                highestSinceTurn = min(highestSinceTurn, p.y)
                if p.y - highestSinceTurn > tolerance { return false }
            }
        }
        return phase == .up
    }

    /// The vertex as the finger drew it, not as resampling rounded it.
    private static func lowestSample(of stroke: StrokeBuffer) -> PanelPoint {
        var lowest = stroke[0].position
        for i in stroke.indices where stroke[i].position.y > lowest.y { lowest = stroke[i].position }
        return lowest
    }
}
