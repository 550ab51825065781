import TouchCore

/// A contact's ellipse averaged over the scans it has lasted. One scan's measure wanders by about
/// a millimetre on a finger's long axis (its curvature is small beside the noise), so the tracker
/// averages the ellipses' covariances, which average orientations correctly too: the mean of
/// the first scans, then a running mean over `horizon` scans, so a moving finger's shape follows.
struct ShapeAverage: Sendable {
    static let horizon: Float = 16

    private var xx: Float = 0
    private var yy: Float = 0
    private var xy: Float = 0
    private var scans: Float = 0

    /// Adds one scan's ellipse (palms are sized by their extent, not averaged) and returns the mean.
    mutating func add(_ shape: WireShape) -> WireShape {
        guard shape.major > 0, !shape.isPalm else {
            scans = 0
            return shape
        }
        let ellipse = shape.contactShape
        let radians = ellipse.orientation * (ScalarMath.pi / 180)
        let c = ScalarMath.cos(radians)
        let s = ScalarMath.sin(radians)
        let major = ellipse.major * ellipse.major
        let minor = ellipse.minor * ellipse.minor
        let weight = 1 / min(scans + 1, ShapeAverage.horizon)
        xx += (major * c * c + minor * s * s - xx) * weight
        yy += (major * s * s + minor * c * c - yy) * weight
        xy += ((major - minor) * c * s - xy) * weight
        scans += 1
        return WireShape(ContactShapeMeter.ellipse(covarianceXX: xx, covarianceYY: yy, covarianceXY: xy))
    }
}
