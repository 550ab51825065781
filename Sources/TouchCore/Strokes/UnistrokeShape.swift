/// A stroke brought to a canonical form for template matching: 64 equally spaced points
/// (`ResampledStroke`), stretched to a unit square (narrow strokes only part way), centred on the
/// origin and scaled to a unit vector, so two shapes compare by the angle between their vectors
/// (Protractor, Li, CHI 2010), found in closed form over rotations within ±45° instead of the $1
/// paper's search (Wobbrock, Wilson and Li, UIST 2007), and by the directions they travel
/// (`StrokeDirections`).
///
/// Unlike $1, the stroke is not first turned so that its first point lies at angle zero: the
/// shape keeps the orientation it was drawn in (Protractor's orientation-sensitive mode). Many
/// gestures differ only by orientation (caret and `v`, the brackets), and where people start a
/// closed shape varies enough that the paper's turn adds more disagreement than it removes.
public struct UnistrokeShape: Sendable {
    public static let pointCount = ResampledStroke.pointCount
    /// The least share of its longer side a stroke's shorter side is stretched to (the paper stretches
    /// every stroke to a full square, which turns straight lines into diagonals).
    public static let narrowestSide: Float = 0.3
    /// How much a difference in directions travelled (0 to 2) adds to the angle between two shapes
    /// (radians). Chosen leave-one-subject-out on the $1 study's strokes with the rejection rule
    /// (docs/strokes.md): 1.0 on every held-out subject, against 0.3 and 0.5.
    public static let directionWeight: Float = 1.0
    /// The rotation the match may undo, either way: a hand's tilt, not another orientation.
    public static let rotationLimit: Float = ScalarMath.pi / 4
    /// cos and sin of `rotationLimit` (both √2/2), as literals: the match reads them per template.
    static let cosRotationLimit: Float = 0.70710678
    static let sinRotationLimit: Float = 0.70710678
    /// A stroke whose points all lie this close to the line from its start to its end, as a share
    /// of that line's length, is straight (the backslash's 12%): a drag or a flick, which matches
    /// only a straight template.
    public static let straightTolerance: Float = 0.12

    /// The canonical points as one unit vector (x0, y0, x1, y1, ...).
    public var points: InlineArray<64, PanelPoint>
    /// The directions travelled, taken after stretching to the square like the points.
    public var directions: StrokeDirections
    /// The longer side of the stroke's bounding box as drawn, mm.
    public var extent: Float
    /// Whether the stroke is a straight line (`straightTolerance`).
    public var isStraight: Bool

    public init() {
        points = InlineArray(repeating: .zero)
        directions = StrokeDirections()
        extent = 0
        isStraight = true
    }

    public init(_ stroke: borrowing @_addressable StrokeBuffer) {
        self.init(ResampledStroke(stroke))
    }

    public init(_ path: ResampledStroke) {
        points = path.points
        let n = Self.pointCount
        let bounds = path.bounds
        let size = max(max(bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y), 1e-6)
        extent = size
        isStraight = Self.isStraight(path)
        // An axis shorter than `narrowestSide` of the longer one is stretched only to that share,
        // so a line stays a line instead of becoming a diagonal, and no stroke jumps between
        // stretched and unstretched as its proportions cross a threshold.
        let width = max(bounds.max.x - bounds.min.x, Self.narrowestSide * size)
        let height = max(bounds.max.y - bounds.min.y, Self.narrowestSide * size)
        var sum = PanelPoint.zero
        for i in 0..<n {
            points[i] = PanelPoint(x: points[i].x / width, y: points[i].y / height)
            sum = sum + points[i]
        }
        let centroid = sum / Float(n)
        var squares: Float = 0
        for i in 0..<n {
            points[i] = points[i] - centroid
            squares += points[i].x * points[i].x + points[i].y * points[i].y
        }
        directions = StrokeDirections(points)
        let length = squares.squareRoot()
        guard length > 0 else { return }
        for i in 0..<n { points[i] = points[i] / length }
    }

    private static func isStraight(_ path: ResampledStroke) -> Bool {
        let points = path.points.span
        let start = points[0], end = points[pointCount - 1]
        let chord = end - start
        let length = (chord.x * chord.x + chord.y * chord.y).squareRoot()
        guard length > 0 else { return false }
        for i in 1..<(pointCount - 1) {
            let p = points[i] - start
            // The distance from the chord's line: the cross product over the chord's length.
            if abs(p.x * chord.y - p.y * chord.x) > straightTolerance * length * length { return false }
        }
        return true
    }

    /// The angle (radians, 0 to π) between the two shapes' vectors after turning this one by the
    /// best angle within ±`rotationLimit`: Protractor's closed form.
    public func angle(to other: UnistrokeShape) -> Float {
        var a: Float = 0
        var b: Float = 0
        // Through spans: a read through an inline array's subscript may copy all of it, every
        // time (it did: 2.5 µs a template instead of 0.1), and this loop is most of a match's cost.
        let mine = points.span, theirs = other.points.span
        for i in 0..<Self.pointCount {
            let p = mine[i], q = theirs[i]
            a += p.x * q.x + p.y * q.y
            b += p.x * q.y - p.y * q.x
        }
        // The best turn is atan2(b, a), where the similarity is the length of (a, b); beyond the
        // limit the turn stops at it (the similarity falls monotonically away from the best turn).
        let length = (a * a + b * b).squareRoot()
        var similarity = length
        if a < Self.cosRotationLimit * length {
            similarity = a * Self.cosRotationLimit + abs(b) * Self.sinRotationLimit
        }
        similarity = min(max(similarity, -1), 1)
        return ScalarMath.atan2((1 - similarity * similarity).squareRoot(), similarity)
    }

    /// The distance templates are chosen and judged by: the angle plus `directionWeight` times the
    /// difference in directions travelled.
    public func distance(to other: UnistrokeShape) -> Float {
        angle(to: other) + Self.directionWeight * directions.difference(to: other.directions)
    }

    /// `distance(to:)` from a stroke to a template, infinite where a straight stroke (a drag or a
    /// flick) meets a template that is not straight: those are never the same gesture.
    public func distance(toTemplate template: UnistrokeShape) -> Float {
        guard template.isStraight || !isStraight else { return .infinity }
        return distance(to: template)
    }
}
