/// A stroke redrawn as `pointCount` points equally spaced along its path. Equal spacing makes
/// shape measures independent of how fast the finger moved and how often the controller reported.
public struct ResampledStroke: Sendable {
    public static let pointCount = 64

    public var points: InlineArray<64, PanelPoint>
    /// The length of the original path, mm.
    public private(set) var pathLength: Float

    public init(repeating point: PanelPoint = .zero) {
        points = InlineArray(repeating: point)
        pathLength = 0
    }

    public init(_ stroke: borrowing @_addressable StrokeBuffer) {
        self.init(repeating: stroke.first?.position ?? .zero)
        pathLength = stroke.pathLength
        guard stroke.count > 1, pathLength > 0 else { return }
        let n = Self.pointCount
        let interval = pathLength / Float(n - 1)
        var written = 1
        var carried: Float = 0
        // Through the kept samples' span: a read through the buffer's subscript may copy all 256
        // samples, every time.
        let samples = stroke.samples.elements
        var previous = samples[0].position
        var index = 1
        while index < samples.count && written < n {
            let next = samples[index].position
            let segment = previous.distance(to: next)
            if segment > 0 && carried + segment >= interval {
                let t = (interval - carried) / segment
                let point = previous + (next - previous) * t
                points[written] = point
                written += 1
                previous = point
                carried = 0
                continue
            }
            carried += segment
            previous = next
            index += 1
        }
        // Rounding can leave the last point or two unwritten; they belong at the stroke's end.
        let end = samples[samples.count - 1].position
        while written < n {
            points[written] = end
            written += 1
        }
    }

    public subscript(index: Int) -> PanelPoint {
        get { points[index] }
        set { points[index] = newValue }
    }

    public var centroid: PanelPoint {
        var sum = PanelPoint.zero
        for i in 0..<Self.pointCount { sum = sum + points[i] }
        return sum / Float(Self.pointCount)
    }

    /// The smallest and largest coordinates.
    public var bounds: (min: PanelPoint, max: PanelPoint) {
        let points = self.points.span
        var low = points[0]
        var high = points[0]
        for i in 1..<Self.pointCount {
            let p = points[i]
            if p.x < low.x { low.x = p.x }
            if p.y < low.y { low.y = p.y }
            if p.x > high.x { high.x = p.x }
            if p.y > high.y { high.y = p.y }
        }
        return (low, high)
    }
}
