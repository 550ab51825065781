import TouchCore

/// How a sized finger and a palm pull the node counts down; the board's round fingertip keeps
/// `SimulatedPanel`'s separable bump. The truth the shape tests measure against:
/// - a finger of contact ellipse `major` x `minor` mm leaves an elliptical Gaussian profile with
///   standard deviations 0.4 x each axis along them (the board's round finger: 0.4 x its
///   diameter, `BoardDefinition.touchProfileSigma`), peaking at the board's finger signal;
/// - a palm is flat: `palmSignal` x the finger signal over its ellipse, falling off over about one
///   finger profile width at its rim.
enum ContactFootprint {
    /// A flat hand couples less per node than a pressed fingertip.
    static let palmSignal: Float = 0.7
    static let maxReach = 14

    static func render(
        _ finger: SimulatedFinger, board: BoardDefinition, amplitude: Float, into counts: inout CountGrid
    ) {
        let shape = finger.footprint.contactShape
        let major = max(shape.major, 1)
        let minor = max(min(shape.minor, major), 1)
        let radians = shape.orientation * (ScalarMath.pi / 180)
        let cosine = ScalarMath.cos(radians)
        let sine = ScalarMath.sin(radians)
        let sigma = board.touchProfileSigma
        // Half-extent of the footprint's window, mm: a profile's 3.5 sigma, a palm's rim and skirt.
        let extent = finger.isPalm ? major / 2 + 3 * sigma : 3.5 * 0.4 * major
        let pitchX = board.nodePitchX
        let pitchY = board.nodePitchY
        let reachX = min(maxReach, Int(extent / pitchX) + 1)
        let reachY = min(maxReach, Int(extent / pitchY) + 1)
        let centreColumn = FastMath.floor(max(-1000, min(1000, finger.position.x / pitchX)))
        let centreRow = FastMath.floor(max(-1000, min(1000, finger.position.y / pitchY)))
        let firstColumn = max(0, centreColumn - reachX)
        let lastColumn = min(board.columns - 1, centreColumn + reachX)
        let firstRow = max(0, centreRow - reachY)
        let lastRow = min(board.rows - 1, centreRow + reachY)
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
        // Along and across the major axis: a Gaussian's 1/(2 sigma^2), or the palm's 1/semi-axis^2.
        let alongScale: Float
        let acrossScale: Float
        if finger.isPalm {
            alongScale = 4 / (major * major)
            acrossScale = 4 / (minor * minor)
        } else {
            alongScale = 1 / (2 * 0.16 * major * major)
            acrossScale = 1 / (2 * 0.16 * minor * minor)
        }
        // The palm's rim: r^2 - 1 grows by about 4 x distance / minor across the rim, so the
        // signal falls from 88 % at 2 sigma inside it to 12 % at 2 sigma outside.
        let rimSteepness = minor / (4 * sigma)
        let peak = finger.isPalm ? amplitude * palmSignal : amplitude
        for r in firstRow...lastRow {
            let dy = (Float(r) + 0.5) * pitchY - finger.position.y
            for c in firstColumn...lastColumn {
                let dx = (Float(c) + 0.5) * pitchX - finger.position.x
                let along = dx * cosine + dy * sine
                let across = dy * cosine - dx * sine
                let radius = along * along * alongScale + across * across * acrossScale
                let weight: Float
                if finger.isPalm {
                    weight = 1 / (1 + FastMath.exp(max(-40, min(40, (radius - 1) * rimSteepness))))
                } else {
                    weight = FastMath.exp(-radius)
                }
                counts[c, r] = counts[c, r] &- Int16(peak * weight + 0.5)
            }
        }
    }
}
