import TouchCore

/// Measures a contact's ellipse from the second moments of its profile around the peak. A
/// finger's profile is a Gaussian, whose logarithm is a quadratic form: the second differences of
/// ln(delta) over the peak's 3 x 3 nodes give its inverse covariance exactly, whatever the
/// orientation, from the nodes with the most signal (a moment sum over a wider window picks up
/// noise from every node it adds and is cut off at its edges). The covariance's eigen-axes are
/// the ellipse's; an axis is 2.5 standard deviations (the inverse of the panel's profile model,
/// `ContactFootprint`). A flat top (a palm) has no curvature: its axes are `flatAxis` or more.
public struct ContactShapeMeter: Sendable {
    /// Axis reported for a profile with no measurable curvature, mm: far beyond any finger.
    public static let flatAxis: Float = 127.5
    /// Profile standard deviation per mm of contact axis (`ContactFootprint`).
    static let sigmaPerAxis: Float = 0.4

    private let pitchX: Float
    private let pitchY: Float

    public init(board: BoardDefinition) {
        pitchX = board.nodePitchX
        pitchY = board.nodePitchY
    }

    public func measure(_ peak: Peak, in grid: CountGrid) -> ContactShape {
        let c = peak.column
        let r = peak.row
        // On the outermost nodes the missing side is mirrored: the axis reads as a touch centred on
        // the node, which is what the edge lets us know.
        let left = c > 0 ? c - 1 : c + 1
        let right = c + 1 < grid.columns ? c + 1 : c - 1
        let up = r > 0 ? r - 1 : r + 1
        let down = r + 1 < grid.rows ? r + 1 : r - 1
        let centre = ln(grid[c, r])
        let xx = (ln(grid[left, r]) - 2 * centre + ln(grid[right, r])) / (pitchX * pitchX)
        let yy = (ln(grid[c, up]) - 2 * centre + ln(grid[c, down])) / (pitchY * pitchY)
        var xy: Float = 0
        if left != right && up != down {
            xy = (ln(grid[right, down]) - ln(grid[right, up]) - ln(grid[left, down]) + ln(grid[left, up]))
                / (4 * pitchX * pitchY)
        }
        return ContactShapeMeter.ellipse(precisionXX: -xx, precisionYY: -yy, precisionXY: -xy)
    }

    /// The ellipse of a Gaussian with this inverse covariance (mm^-2).
    static func ellipse(precisionXX a: Float, precisionYY d: Float, precisionXY b: Float) -> ContactShape {
        let mean = (a + d) / 2
        let half = ((a - d) * (a - d) / 4 + b * b).squareRoot()
        let smallest = mean - half
        let largest = mean + half
        let major = axis(precision: smallest)
        let minor = axis(precision: largest)
        // The major axis follows the eigenvector of the smallest precision.
        var degrees: Float = 0
        if half > 1e-9 {
            degrees = 0.5 * ScalarMath.atan2(-2 * b, d - a) * (180 / ScalarMath.pi)
            if degrees < 0 { degrees += 180 }
            if degrees >= 180 { degrees -= 180 }
        }
        return ContactShape(major: major, minor: min(minor, major), orientation: degrees)
    }

    /// The ellipse whose axes squared are this covariance's eigenvalues (in mm^2 of axis, the
    /// units `ShapeAverage` keeps): the same eigen-decomposition on the inverse matrix.
    static func ellipse(covarianceXX a: Float, covarianceYY d: Float, covarianceXY b: Float) -> ContactShape {
        let mean = (a + d) / 2
        let half = ((a - d) * (a - d) / 4 + b * b).squareRoot()
        let major = max(mean + half, 0).squareRoot()
        let minor = max(mean - half, 0).squareRoot()
        var degrees: Float = 0
        if half > 1e-6 {
            degrees = 0.5 * ScalarMath.atan2(2 * b, a - d) * (180 / ScalarMath.pi)
            if degrees < 0 { degrees += 180 }
            if degrees >= 180 { degrees -= 180 }
        }
        return ContactShape(major: major, minor: minor, orientation: degrees)
    }

    private static func axis(precision: Float) -> Float {
        let flatPrecision = 1 / (flatAxis * sigmaPerAxis * flatAxis * sigmaPerAxis)
        guard precision > flatPrecision else { return flatAxis }
        return min(flatAxis, (1 / precision).squareRoot() / sigmaPerAxis)
    }

    private func ln(_ delta: Int16) -> Float { FastMath.log(Float(Int(max(delta, 1)))) }
}
