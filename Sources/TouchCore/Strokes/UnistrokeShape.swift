/// A stroke brought to the canonical form of the $1 unistroke recognizer (Wobbrock, Wilson and Li,
/// UIST 2007): 64 equally spaced points, turned so the line from the centroid to the first point
/// lies at angle zero, stretched to a unit square and centred on the origin. Two shapes are then
/// compared point by point, over a small range of further rotations.
public struct UnistrokeShape: Sendable {
    public static let pointCount = ResampledStroke.pointCount
    /// The side of the square shapes are scaled to; scores are relative to its half diagonal.
    public static let squareSize: Float = 1
    static let halfDiagonal: Float = 0.5 * (2 * squareSize * squareSize).squareRoot()

    public var points: InlineArray<64, PanelPoint>

    public init() {
        points = InlineArray(repeating: .zero)
    }

    public init(_ stroke: StrokeBuffer) {
        self.init(ResampledStroke(stroke))
    }

    public init(_ path: ResampledStroke) {
        points = path.points
        let n = Self.pointCount
        let center = path.centroid
        let indicative = ScalarMath.atan2(center.y - points[0].y, center.x - points[0].x)
        let c = ScalarMath.cos(-indicative)
        let s = ScalarMath.sin(-indicative)
        for i in 0..<n {
            let d = points[i] - center
            points[i] = PanelPoint(x: d.x * c - d.y * s, y: d.x * s + d.y * c)
        }
        var low = points[0]
        var high = points[0]
        for i in 1..<n {
            low.x = min(low.x, points[i].x)
            low.y = min(low.y, points[i].y)
            high.x = max(high.x, points[i].x)
            high.y = max(high.y, points[i].y)
        }
        // A straight line has no height; leaving that axis unscaled avoids dividing by zero.
        let width = max(high.x - low.x, 1e-6)
        let height = max(high.y - low.y, 1e-6)
        var sum = PanelPoint.zero
        for i in 0..<n {
            points[i] = PanelPoint(x: points[i].x * Self.squareSize / width, y: points[i].y * Self.squareSize / height)
            sum = sum + points[i]
        }
        let centroid = sum / Float(n)
        for i in 0..<n { points[i] = points[i] - centroid }
    }

    /// The mean distance between corresponding points after turning this shape by `angle`.
    public func distance(to other: UnistrokeShape, rotatedBy angle: Float) -> Float {
        let c = ScalarMath.cos(angle)
        let s = ScalarMath.sin(angle)
        var total: Float = 0
        for i in 0..<Self.pointCount {
            let p = points[i]
            let turned = PanelPoint(x: p.x * c - p.y * s, y: p.x * s + p.y * c)
            total += turned.distance(to: other.points[i])
        }
        return total / Float(Self.pointCount)
    }

    /// The least distance over rotations within ±`range`, found by golden-section search down to
    /// an interval of `precision` radians.
    public func bestDistance(
        to other: UnistrokeShape, range: Float = ScalarMath.pi / 4, precision: Float = 2 * ScalarMath.pi / 180
    ) -> Float {
        let ratio: Float = 0.5 * (Float(5).squareRoot() - 1)
        var a = -range
        var b = range
        var x1 = ratio * a + (1 - ratio) * b
        var x2 = (1 - ratio) * a + ratio * b
        var f1 = distance(to: other, rotatedBy: x1)
        var f2 = distance(to: other, rotatedBy: x2)
        while b - a > precision {
            if f1 < f2 {
                b = x2
                x2 = x1
                f2 = f1
                x1 = ratio * a + (1 - ratio) * b
                f1 = distance(to: other, rotatedBy: x1)
            } else {
                a = x1
                x1 = x2
                f1 = f2
                x2 = (1 - ratio) * a + ratio * b
                f2 = distance(to: other, rotatedBy: x2)
            }
        }
        return min(f1, f2)
    }

    /// 1 for identical shapes, falling to 0 at half the square's diagonal.
    public static func score(forDistance distance: Float) -> Float {
        1 - distance / halfDiagonal
    }
}
