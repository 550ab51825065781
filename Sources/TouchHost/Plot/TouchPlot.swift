import TouchCore

/// What `plot` draws, gathered from a replay's events: each touch's path and every gesture's
/// decisive moment (began, recognized, ended, cancelled; `changed` is left out).
public struct TouchPlot: Sendable {
    public struct Stroke: Sendable {
        public var trackingId: UInt32
        public var slot: UInt8
        public var points: [PanelPoint] = []
        public var start: Microseconds
        public var end: Microseconds
        /// Where the touch went down on the screen, when a screen is set.
        public var screenStart: ScreenPoint?
    }

    public struct Mark: Sendable {
        public var name: String
        public var state: String
        public var location: PanelPoint
        public var time: Microseconds
        public var details: String
        /// The mark's place on the screen, when a screen is set.
        public var screen: ScreenPoint?
    }

    public var panel: PanelSize
    public private(set) var strokes: [Stroke] = []
    public private(set) var marks: [Mark] = []
    public var recognizerNames: [String]
    /// The screen the events were placed on (`plot --screen`), for the title.
    public var screen: ScreenSize?

    /// The most positions and marks a plot holds: far more than a drawing can show, few enough
    /// that a small script describing an hour of ten fingers cannot fill the memory.
    public static let maximumPoints = 250_000
    /// Positions and marks held so far; past `maximumPoints` nothing more is added.
    public private(set) var pointCount = 0
    /// Something came once the plot was full: it is not all drawn.
    public private(set) var overflowed = false
    /// Where each touch's stroke is, by tracking id (ids never return).
    private var strokeIndex: [UInt32: Int] = [:]

    public init(panel: PanelSize, recognizerNames: [String]) {
        self.panel = panel
        self.recognizerNames = recognizerNames
    }

    public mutating func add(_ event: HostEvent) {
        guard pointCount < Self.maximumPoints else {
            overflowed = true
            return
        }
        switch event {
        case .touch(let touch, let time, let screen):
            if let index = strokeIndex[touch.trackingId] {
                if strokes[index].points.last != touch.position {
                    strokes[index].points.append(touch.position)
                    pointCount += 1
                }
                strokes[index].end = time
            } else {
                strokeIndex[touch.trackingId] = strokes.count
                strokes.append(Stroke(
                    trackingId: touch.trackingId, slot: touch.slot, points: [touch.position], start: time, end: time,
                    screenStart: screen?.point))
                pointCount += 1
            }
        case .gesture(let gesture, let screen):
            guard gesture.state != .changed else { return }
            pointCount += 1
            marks.append(Mark(
                name: JSONEventFormatter.name(of: gesture.recognizer, in: recognizerNames), state: gesture.state.jsonName,
                location: gesture.location, time: gesture.timestamp, details: ReadableEventFormatter.details(of: gesture),
                screen: screen?.point))
        case .status:
            break
        }
    }

    /// Replays `source` and gathers what it produced; an input that draws more than
    /// `maximumPoints` is refused once it has, before the rest is replayed.
    public static func make(
        _ source: ReplaySource, recognizers: RecognizerSelection, screen: ScreenSetting? = nil
    ) throws(HostFailure) -> TouchPlot {
        final class Box: @unchecked Sendable { var plot: TouchPlot; init(_ plot: TouchPlot) { self.plot = plot } }
        let box = Box(TouchPlot(panel: source.panel, recognizerNames: recognizers.engineNames))
        box.plot.screen = screen?.size
        let driver = ReplayDriver(source, recognizers: recognizers, screen: screen) { box.plot.add($0) }
        driver.runInVirtualTime(while: { !box.plot.overflowed })
        guard !box.plot.overflowed else {
            throw HostFailure(
                "\(source.name): draws more than \(maximumPoints) touch positions and gesture marks, the most a plot holds; plot a shorter part")
        }
        return box.plot
    }
}
