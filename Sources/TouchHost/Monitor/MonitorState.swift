import TouchCore

/// Everything the live view shows, fed by the session's events and polled counters. Host time
/// (`now`, microseconds) is passed in so banners and fading trails can be tested without a clock.
public struct MonitorState: Sendable {
    /// One touch on the map: where it is and where it has just been.
    public struct Touch: Sendable {
        public var slot: UInt8
        public var trackingId: UInt32
        public var position: PanelPoint
        /// The position in screen pixels, when a screen is set (`--screen`).
        public var screen: ScreenPoint?
        public var trail: [PanelPoint] = []
        /// Host time it ended, or nil while it is down.
        public var endedAt: Microseconds?
    }

    public struct Banner: Sendable {
        public var text: String
        public var until: Microseconds
    }

    public struct Counters: Equatable, Sendable {
        public var frames = 0
        public var bytes = 0
        public var crcErrors = 0
        public var resyncs = 0
        public var framesLost = 0
        public var reconnects = 0
        public init() {}
    }

    /// Points kept behind each touch; ended touches stay on the map this long.
    public static let trailLength = 16
    public static let endedLinger: Microseconds = 1_500_000
    public static let bannerLinger: Microseconds = 4_000_000
    public static let gestureCapacity = 12

    public var info: DeviceInfo?
    public var port: String
    public var link: String
    public var recognizerNames: [String]
    public private(set) var touches: [Touch] = []
    /// Newest first, `changed` actions folded into the entry they continue.
    public var gestures: [String] { gestureLines.map(\.text) }
    private var gestureLines: [(recognizer: UInt8, open: Bool, text: String)] = []
    public private(set) var banners: [Banner] = []
    public var counters = Counters()
    public var heatmap = HeatmapGrid()
    public var showsHeatmap = false
    public private(set) var lastEventTime: Microseconds = 0
    /// Device messages the session ignored for values no device could mean.
    public private(set) var rejectedMessages = 0
    static let rejectedBanner = "MESSAGES REJECTED:"

    public init(port: String, link: String, recognizerNames: [String]) {
        self.port = port
        self.link = link
        self.recognizerNames = recognizerNames
    }

    public mutating func absorb(_ event: HostEvent, now: Microseconds) {
        lastEventTime = event.time
        switch event {
        case .touch(let touch, _, let screen): absorb(touch, screen: screen?.point, now: now)
        case .gesture(let gesture, _): absorb(gesture)
        case .status(let status): absorb(status, now: now)
        }
    }

    /// Drops what has lingered long enough.
    public mutating func expire(now: Microseconds) {
        touches.removeAll { touch in touch.endedAt.map { now - $0 > Self.endedLinger } ?? false }
        banners.removeAll { $0.until <= now }
    }

    /// `c` in the view: a clean map and gesture list; counters keep counting.
    public mutating func clear() {
        touches.removeAll { $0.endedAt != nil }
        for index in touches.indices { touches[index].trail = [touches[index].position] }
        gestureLines.removeAll()
        banners.removeAll()
    }

    public mutating func announce(_ text: String, now: Microseconds) {
        banners.removeAll { $0.text == text }
        banners.append(Banner(text: text, until: now + Self.bannerLinger))
    }

    private mutating func absorb(_ touch: TrackedTouch, screen: ScreenPoint?, now: Microseconds) {
        if touch.phase == .began {
            // A slot is reused by the next touch: the old one leaves the map at once.
            touches.removeAll { $0.slot == touch.slot }
        }
        var index = touches.firstIndex { $0.trackingId == touch.trackingId }
        if index == nil {
            touches.append(Touch(slot: touch.slot, trackingId: touch.trackingId, position: touch.position))
            index = touches.count - 1
        }
        guard let index else { return }
        touches[index].position = touch.position
        touches[index].screen = screen
        if touches[index].trail.last != touch.position {
            touches[index].trail.append(touch.position)
            if touches[index].trail.count > Self.trailLength { touches[index].trail.removeFirst() }
        }
        if touch.phase.isTerminal { touches[index].endedAt = now }
    }

    private mutating func absorb(_ gesture: GestureEvent) {
        let name = JSONEventFormatter.name(of: gesture.recognizer, in: recognizerNames)
        var text = DecimalText.fixed(Double(gesture.timestamp) / 1_000_000, places: 3).padded(to: 8) + " s  "
            + name + " " + gesture.state.jsonName
        let details = ReadableEventFormatter.details(of: gesture)
        if !details.isEmpty { text += "  " + details }
        // A continuous gesture's changes rewrite its own line rather than flooding the list.
        if gesture.state != .began, let open = gestureLines.firstIndex(where: { $0.recognizer == gesture.recognizer && $0.open }) {
            // The newest activity is on top, so the line moves up as it changes.
            gestureLines.remove(at: open)
            gestureLines.insert((gesture.recognizer, !gesture.state.isFinal, text), at: 0)
        } else {
            gestureLines.insert((gesture.recognizer, !gesture.state.isFinal, text), at: 0)
            if gestureLines.count > Self.gestureCapacity { gestureLines.removeLast() }
        }
    }

    private mutating func absorb(_ status: StatusEvent, now: Microseconds) {
        switch status.kind {
        case .framesLost:
            counters.framesLost += Int(status.count)
            announce("\(status.count) FRAMES LOST", now: now)
        case .deviceReset: announce("DEVICE RESET - touches cancelled", now: now)
        case .disconnected: announce("DISCONNECTED - waiting for \(DisplayText.escaped(port))", now: now)
        case .reconnected:
            counters.reconnects += 1
            announce("RECONNECTED", now: now)
        case .overflow: announce("\(status.count) CONTACTS DROPPED (overflow)", now: now)
        case .reportTimeout: announce("REPORTS STOPPED with \(status.count) touches down", now: now)
        case .rejected:
            // One banner that keeps the count, not one per message.
            rejectedMessages += Int(status.count)
            banners.removeAll { $0.text.hasPrefix(Self.rejectedBanner) }
            announce("\(Self.rejectedBanner) \(rejectedMessages) (values out of range)", now: now)
        case .palmBegan: announce("PALM at \(Int(status.position.x)), \(Int(status.position.y)) mm - ignored", now: now)
        case .resync, .duplicateContact, .recalibrated, .palmEnded: break
        }
    }
}

extension GestureActionState {
    var isFinal: Bool { self == .ended || self == .cancelled || self == .recognized }
}
