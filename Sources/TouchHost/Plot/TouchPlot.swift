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

    public init(panel: PanelSize, recognizerNames: [String]) {
        self.panel = panel
        self.recognizerNames = recognizerNames
    }

    public mutating func add(_ event: HostEvent) {
        switch event {
        case .touch(let touch, let time, let screen):
            if let index = strokes.lastIndex(where: { $0.trackingId == touch.trackingId }) {
                if strokes[index].points.last != touch.position { strokes[index].points.append(touch.position) }
                strokes[index].end = time
            } else {
                strokes.append(Stroke(
                    trackingId: touch.trackingId, slot: touch.slot, points: [touch.position], start: time, end: time,
                    screenStart: screen?.point))
            }
        case .gesture(let gesture, let screen):
            guard gesture.state != .changed else { return }
            marks.append(Mark(
                name: JSONEventFormatter.name(of: gesture.recognizer, in: recognizerNames), state: gesture.state.jsonName,
                location: gesture.location, time: gesture.timestamp, details: ReadableEventFormatter.details(of: gesture),
                screen: screen?.point))
        case .status:
            break
        }
    }

    /// Replays `source` and gathers what it produced.
    public static func make(_ source: ReplaySource, recognizers: RecognizerSelection, screen: ScreenSetting? = nil) -> TouchPlot {
        final class Box: @unchecked Sendable { var plot: TouchPlot; init(_ plot: TouchPlot) { self.plot = plot } }
        let box = Box(TouchPlot(panel: source.panel, recognizerNames: recognizers.engineNames))
        box.plot.screen = screen?.size
        ReplayDriver(source, recognizers: recognizers, screen: screen) { box.plot.add($0) }.run()
        return box.plot
    }
}
