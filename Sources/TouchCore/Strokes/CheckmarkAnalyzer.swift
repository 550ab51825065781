/// A checkmark: left to right, first down to a lowest point (the vertex), then up to end higher
/// than it began, with a short down stroke and a long up stroke. Real fingers wobble, so each
/// "always" of the shape allows a backtrack of `wobble` times the stroke's size.
public struct CheckmarkAnalyzer: StrokeAnalyzer, Sendable {
    public struct Result: Equatable, Sendable {
        /// The lowest point of the stroke, where the up stroke begins.
        public var vertex: PanelPoint
        public var start: PanelPoint
        public var end: PanelPoint
    }

    /// Strokes whose larger side is shorter than this (mm) are taps or jitter, not checkmarks.
    public var minimumSize: Float = 5
    /// The allowed backtrack (leftwards, or against the leg's direction), as a fraction of size...
    public var wobble: Float = 0.1
    /// ...but never less than this, mm, so that small strokes tolerate sensor noise.
    public var minimumWobble: Float = 0.75
    /// The down stroke must fall at least this fraction of the size: a flat start is not a check.
    public var minimumDepth: Float = 0.05
    /// The fall before the vertex over the rise after it: below 1 means the stroke ends above its
    /// start, and well below it separates a check from a symmetric "v".
    public var maximumDepthToRise: Float = 0.62
    /// The down leg's length over the up leg's (straight lines from start to vertex to end).
    public var maximumLegRatio: Float = 0.65
    /// The up stroke must travel right at least this fraction of its rise: it leans, not climbs.
    public var minimumUpLean: Float = 0.2

    public init() {}

    public func analyze(_ stroke: StrokeBuffer) -> Result? {
        guard stroke.count > 2 else { return nil }
        let path = ResampledStroke(stroke)
        let n = ResampledStroke.pointCount
        let (low, high) = path.bounds
        let size = max(high.x - low.x, high.y - low.y)
        guard size >= minimumSize else { return nil }

        var v = 0
        for i in 1..<n where path[i].y > path[v].y { v = i }
        guard v > 0, v < n - 1 else { return nil }
        let start = path[0]
        let vertex = path[v]
        let end = path[n - 1]
        let depth = vertex.y - start.y
        let rise = vertex.y - end.y
        guard depth >= minimumDepth * size, rise > 0, depth <= maximumDepthToRise * rise else { return nil }
        guard vertex.distance(to: start) <= maximumLegRatio * end.distance(to: vertex) else { return nil }
        guard end.x - vertex.x >= minimumUpLean * rise else { return nil }

        let tolerance = max(minimumWobble, wobble * size)
        var furthestRight = start.x
        var lowestSoFar = start.y
        var highestSinceVertex = vertex.y
        for i in 0..<n {
            let p = path[i]
            if p.x > furthestRight { furthestRight = p.x }
            if furthestRight - p.x > tolerance { return nil }
            if i <= v {
                if p.y > lowestSoFar { lowestSoFar = p.y }
                if lowestSoFar - p.y > tolerance { return nil }
            } else {
                if p.y < highestSinceVertex { highestSinceVertex = p.y }
                if p.y - highestSinceVertex > tolerance { return nil }
            }
        }
        return Result(vertex: Self.lowestSample(of: stroke), start: stroke[0].position, end: stroke[stroke.count - 1].position)
    }

    /// The vertex as the finger drew it, not as resampling rounded it.
    private static func lowestSample(of stroke: StrokeBuffer) -> PanelPoint {
        var lowest = stroke[0].position
        for i in stroke.indices where stroke[i].position.y > lowest.y { lowest = stroke[i].position }
        return lowest
    }
}
