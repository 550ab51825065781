/// libinput's calibration matrix: six numbers `a b c d e f` that take a position in the panel's
/// normalized coordinates (x / width, y / height, each 0...1) to the screen's normalized ones,
/// `(a·x + b·y + c, d·x + e·y + f)`. Normalized, so one matrix serves any screen resolution.
public struct CalibrationMatrix: Equatable, Sendable {
    public var a, b, c, d, e, f: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// The six values in file order; nil unless there are exactly six.
    public init?(values: [Double]) {
        guard values.count == 6 else { return nil }
        self.init(values[0], values[1], values[2], values[3], values[4], values[5])
    }

    public var values: [Double] { [a, b, c, d, e, f] }

    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// The display turned clockwise by `degrees` (0, 90, 180 or 270), as libinput documents them.
    public static func rotation(degrees: Int) -> CalibrationMatrix? {
        switch degrees {
        case 0: identity
        case 90: CalibrationMatrix(0, -1, 1, 1, 0, 0)
        case 180: CalibrationMatrix(-1, 0, 1, 0, -1, 1)
        case 270: CalibrationMatrix(0, 1, 0, -1, 0, 1)
        default: nil
        }
    }

    /// Mirrored left-right (`x`) or top-bottom (`y`).
    public static func flip(_ axis: FlipAxis) -> CalibrationMatrix {
        switch axis {
        case .x: CalibrationMatrix(-1, 0, 1, 0, 1, 0)
        case .y: CalibrationMatrix(1, 0, 0, 0, -1, 1)
        }
    }

    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + b * y + c, d * x + e * y + f)
    }

    /// The linear part only: what a movement (not a position) becomes.
    public func applyLinear(dx: Double, dy: Double) -> (x: Double, y: Double) {
        (a * dx + b * dy, d * dx + e * dy)
    }

    /// This matrix, then `next`: `next · self` as 3 x 3 affine matrices.
    public func then(_ next: CalibrationMatrix) -> CalibrationMatrix {
        CalibrationMatrix(
            next.a * a + next.b * d, next.a * b + next.b * e, next.a * c + next.b * f + next.c,
            next.d * a + next.e * d, next.d * b + next.e * e, next.d * c + next.e * f + next.f)
    }

    public var determinant: Double { a * e - b * d }

    /// True when every value is a finite number.
    public var isFinite: Bool { values.allSatisfy(\.isFinite) }

    /// A matrix that folds the panel onto a line or a point cannot be a mounting: a screen
    /// position would have no panel position. The bound is far below any real scale (1e-6 means
    /// the screen would be a thousandth of the panel on both axes).
    public var isSingular: Bool { !(abs(determinant) > 1e-6) }

    /// How far from the screen's centre, in screen widths and heights, a matrix may place a corner
    /// of the panel: a panel mounted a little off its display maps a little outside it, never ten
    /// screens away.
    public static let maximumCornerOffset = 10.0

    /// Why the panel's corners do not land on finite places within `maximumCornerOffset` screens
    /// of the screen, naming the first that does not; nil when they all do. Finite and invertible
    /// is not enough: `matrix 1e308 0 0 0 1e308 0` sent every touch to infinity.
    public var cornerProblem: String? {
        for (x, y) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
            let corner = apply(x: x, y: y)
            guard corner.x.isFinite, corner.y.isFinite,
                abs(corner.x - 0.5) <= Self.maximumCornerOffset, abs(corner.y - 0.5) <= Self.maximumCornerOffset
            else {
                return "the matrix maps the panel's corner (\(Int(x)), \(Int(y))) to (\(DecimalText.format(corner.x, places: 2)), "
                    + "\(DecimalText.format(corner.y, places: 2))) screens, not within \(Int(Self.maximumCornerOffset)) screens of the screen"
            }
        }
        return nil
    }

    /// The matrix that undoes this one; nil when it is singular.
    public var inverse: CalibrationMatrix? {
        guard !isSingular else { return nil }
        let det = determinant
        let ia = e / det, ib = -b / det, id = -d / det, ie = a / det
        return CalibrationMatrix(ia, ib, -(ia * c + ib * f), id, ie, -(id * c + ie * f))
    }
}

public enum FlipAxis: String, Sendable, CaseIterable {
    case x, y
}
