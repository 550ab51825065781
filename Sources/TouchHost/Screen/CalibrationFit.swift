import TouchCore

/// One calibration measurement: where the panel saw the touch (mm) and the target it was for (px).
public struct CalibrationPair: Equatable, Sendable {
    public var panel: PanelPoint
    public var target: ScreenPoint

    public init(panel: PanelPoint, target: ScreenPoint) {
        self.panel = panel
        self.target = target
    }
}

/// The matrix that best takes measured panel positions to their targets, by least squares in
/// normalized coordinates, and how far each target is from where the matrix puts its touch.
public struct CalibrationFit: Equatable, Sendable {
    public var matrix: CalibrationMatrix
    /// Per pair, in the pairs' order: the distance in pixels between the target and the mapped touch.
    public var residuals: [Double]

    /// Two touches closer than this fraction of the panel are one place touched twice.
    public static let samePlace = 0.01
    /// How round a point set must be for a fit: 4·det / trace² of its spread (1 for a square or a
    /// circle, 0 for a line). Below this the points are as good as on one line.
    public static let minimumRoundness = 1e-3

    public init(pairs: [CalibrationPair], panel: PanelSize, screen: ScreenSize) throws(CalibrationFitError) {
        guard pairs.count >= 3 else {
            throw CalibrationFitError("a fit needs at least 3 points, not \(pairs.count)")
        }
        guard panel.width > 0, panel.height > 0 else { throw CalibrationFitError("the panel has no size") }
        let width = Double(screen.width), height = Double(screen.height)
        let measured = pairs.map { (x: Double($0.panel.x) / Double(panel.width), y: Double($0.panel.y) / Double(panel.height)) }
        let targets = pairs.map { (x: $0.target.x / width, y: $0.target.y / height) }
        for (index, point) in zip(measured, targets).enumerated()
        where !(point.0.x.isFinite && point.0.y.isFinite && point.1.x.isFinite && point.1.y.isFinite) {
            throw CalibrationFitError("point \(index + 1) is not a finite position")
        }
        for i in measured.indices {
            for j in measured.indices where j > i {
                let dx = measured[i].x - measured[j].x, dy = measured[i].y - measured[j].y
                if (dx * dx + dy * dy).squareRoot() < Self.samePlace {
                    throw CalibrationFitError("points \(i + 1) and \(j + 1) were touched at the same place")
                }
            }
        }
        let spread = Spread(measured)
        guard spread.roundness >= Self.minimumRoundness else {
            throw CalibrationFitError("the touched points lie on one line: they cannot fix a matrix")
        }
        guard Spread(targets).roundness >= Self.minimumRoundness else {
            throw CalibrationFitError("the targets lie on one line: they cannot fix a matrix")
        }
        // Centred normal equations: the 2 x 2 system of the spread, then the offset from the means.
        func row(_ value: (Int) -> Double) -> (Double, Double, Double) {
            var sxv = 0.0, syv = 0.0, mean = 0.0
            for index in measured.indices { mean += value(index) }
            mean /= Double(measured.count)
            for index in measured.indices {
                sxv += (measured[index].x - spread.meanX) * (value(index) - mean)
                syv += (measured[index].y - spread.meanY) * (value(index) - mean)
            }
            let det = spread.xx * spread.yy - spread.xy * spread.xy
            let first = (sxv * spread.yy - syv * spread.xy) / det
            let second = (syv * spread.xx - sxv * spread.xy) / det
            return (first, second, mean - first * spread.meanX - second * spread.meanY)
        }
        let (a, b, c) = row { targets[$0].x }
        let (d, e, f) = row { targets[$0].y }
        matrix = CalibrationMatrix(a, b, c, d, e, f)
        guard matrix.isFinite, !matrix.isSingular else {
            throw CalibrationFitError("the points give a singular matrix")
        }
        // The rule a calibration file and th_context_set_calibration are held to: a fit from touches
        // bunched together would put the panel's corners screens away, and its file be refused.
        if let problem = matrix.cornerProblem { throw CalibrationFitError(problem) }
        let mapping = ScreenMapping(ScreenSetting(size: screen, matrix: matrix), panel: panel)
        residuals = pairs.map { mapping.point($0.panel).distance(to: $0.target) }
    }
}

public struct CalibrationFitError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Means and second moments of a point set.
private struct Spread {
    var meanX = 0.0, meanY = 0.0, xx = 0.0, yy = 0.0, xy = 0.0

    init(_ points: [(x: Double, y: Double)]) {
        for point in points {
            meanX += point.x
            meanY += point.y
        }
        meanX /= Double(points.count)
        meanY /= Double(points.count)
        for point in points {
            xx += (point.x - meanX) * (point.x - meanX)
            yy += (point.y - meanY) * (point.y - meanY)
            xy += (point.x - meanX) * (point.y - meanY)
        }
    }

    var roundness: Double {
        let trace = xx + yy
        guard trace > 0 else { return 0 }
        return 4 * (xx * yy - xy * xy) / (trace * trace)
    }
}
