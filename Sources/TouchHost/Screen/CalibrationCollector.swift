import TouchCore

/// Takes one steady touch per calibration target from a pipeline's events: the touch's samples
/// from down to up, their median as its place. A touch that wanders more than `steadyRadius` from
/// that place, a second finger, or a cancelled touch is refused and the same target is asked again.
public struct CalibrationCollector: Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Target `index` (from 0) has its touch, at `panel`.
        case accepted(index: Int, panel: PanelPoint)
        /// The touch for target `index` was refused for `reason`; the target is asked again.
        case refused(index: Int, reason: String)
    }

    /// How far (mm) a sample of a steady touch may lie from the touch's median: a finger held on a
    /// target rolls a millimetre or two, a finger that slid is no measurement.
    public static let steadyRadius: Float = 4

    public let targets: [ScreenPoint]
    public private(set) var pairs: [CalibrationPair] = []
    private var touch: UInt32?
    private var samples: [PanelPoint] = []
    private var spoiled: String?

    public init(targets: [ScreenPoint]) { self.targets = targets }

    /// The target being asked for (from 0); `targets.count` once every target has its touch.
    public var current: Int { pairs.count }
    public var isComplete: Bool { pairs.count == targets.count }

    public mutating func take(_ event: HostEvent) -> Outcome? {
        guard !isComplete, case .touch(let tracked, _, _) = event else { return nil }
        switch tracked.phase {
        case .began:
            if touch == nil {
                touch = tracked.trackingId
                samples = [tracked.position]
                spoiled = nil
            } else {
                spoiled = "a second finger touched"
            }
        case .moved, .stationary:
            if tracked.trackingId == touch { samples.append(tracked.position) }
        case .ended, .cancelled:
            guard tracked.trackingId == touch else { return nil }
            touch = nil
            if tracked.phase == .cancelled { return .refused(index: current, reason: "the touch was cancelled") }
            samples.append(tracked.position)
            if let spoiled { return .refused(index: current, reason: spoiled) }
            let place = Self.median(samples)
            let wandered = samples.map { $0.distance(to: place) }.max() ?? 0
            guard wandered <= Self.steadyRadius else {
                return .refused(
                    index: current,
                    reason: "the touch moved \(DecimalText.format(wandered, places: 1)) mm (at most "
                        + "\(DecimalText.format(Self.steadyRadius, places: 1)) mm): hold the finger still")
            }
            pairs.append(CalibrationPair(panel: place, target: targets[current]))
            return .accepted(index: current - 1, panel: place)
        }
        return nil
    }

    /// Per axis: robust to the landing and lifting samples of a touch that otherwise rested.
    static func median(_ points: [PanelPoint]) -> PanelPoint {
        func middle(_ values: [Float]) -> Float {
            let sorted = values.sorted()
            let half = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2
        }
        return PanelPoint(x: middle(points.map(\.x)), y: middle(points.map(\.y)))
    }
}
