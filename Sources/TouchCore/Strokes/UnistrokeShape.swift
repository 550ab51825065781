/// A stroke brought to the canonical form of the $1 unistroke recognizer (Wobbrock, Wilson and Li,
/// UIST 2007): 64 equally spaced points, stretched to a unit square (narrow strokes only part way)
/// and centred on the origin. Two shapes are compared point by point over rotations within ±45°,
/// and by the directions they travel (`StrokeDirections`).
///
/// Unlike the paper, the stroke is not first turned so that its first point lies at angle zero: the
/// shape keeps the orientation it was drawn in (Protractor's orientation-sensitive mode, Li, CHI 2010).
/// Many gestures differ only by orientation (caret and `v`, the brackets), and where people start a
/// closed shape varies enough that the paper's turn adds more disagreement than it removes. Measured
/// on the $1 study's strokes with one person's templates judging the others (docs/strokes.md).
public struct UnistrokeShape: Sendable {
    public static let pointCount = ResampledStroke.pointCount
    /// The side of the square shapes are scaled to; scores are relative to its half diagonal.
    public static let squareSize: Float = 1
    static let halfDiagonal: Float = 0.5 * (2 * squareSize * squareSize).squareRoot()
    /// The least share of its longer side a stroke's shorter side is stretched to (the paper stretches
    /// every stroke to a full square, which turns straight lines into diagonals).
    public static let narrowestSide: Float = 0.3
    /// How much a difference in directions travelled (0 to 2) adds to the point distance (in
    /// squares) when choosing between templates. Across people, one person's templates are right
    /// 97.9-98.3% of the time for weights from 0.1 to 0.4, and 94% without the term (docs/strokes.md).
    public static let directionWeight: Float = 0.2

    public var points: InlineArray<64, PanelPoint>
    /// The directions travelled, taken after stretching to the square like the points.
    public var directions: StrokeDirections

    public init() {
        points = InlineArray(repeating: .zero)
        directions = StrokeDirections()
    }

    public init(_ stroke: StrokeBuffer) {
        self.init(ResampledStroke(stroke))
    }

    public init(_ path: ResampledStroke) {
        points = path.points
        let n = Self.pointCount
        let bounds = path.bounds
        let size = max(max(bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y), 1e-6)
        // An axis shorter than `narrowestSide` of the longer one is stretched only to that share,
        // so a line stays a line instead of becoming a diagonal, and no stroke jumps between
        // stretched and unstretched as its proportions cross a threshold.
        let width = max(bounds.max.x - bounds.min.x, Self.narrowestSide * size)
        let height = max(bounds.max.y - bounds.min.y, Self.narrowestSide * size)
        var sum = PanelPoint.zero
        for i in 0..<n {
            points[i] = PanelPoint(x: points[i].x * Self.squareSize / width, y: points[i].y * Self.squareSize / height)
            sum = sum + points[i]
        }
        let centroid = sum / Float(n)
        for i in 0..<n { points[i] = points[i] - centroid }
        directions = StrokeDirections(points)
    }

    /// The distance by which templates are chosen: the best point distance (`bestDistance`) plus
    /// `directionWeight` times the difference in directions travelled.
    public func matchDistance(to other: UnistrokeShape) -> (points: Float, combined: Float) {
        let pointDistance = bestDistance(to: other)
        return (pointDistance, pointDistance + Self.directionWeight * directions.difference(to: other.directions))
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
