import TouchCore

/// Touches and gestures a controller recognized itself (gestures mode), made to look like the
/// host's own: session time instead of device time, and the host's recognizer index for each
/// gesture. The controller numbers its recognizers as the full kiosk set does; the host may have
/// chosen fewer (`--recognizers`), so an index is mapped through the kiosk name, and a gesture
/// the host did not choose is left out.
public struct ControllerGestureSource {
    /// Host index by controller index; nil passes indices through unchanged.
    private let hostIndex: [UInt8?]?
    private var liveTouches: [UInt32: TrackedTouch] = [:]
    /// The controller's tracker counts ids from 1 again when its recognition restarts (a reset, a new
    /// rate); the session's ids must never repeat, so later ones are shifted past every id handed out.
    private var idOffset: UInt32 = 0
    private var lastBegan: UInt32 = 0
    private var highestId: UInt32 = 0

    /// Passes recognizer indices and times through unchanged (a bridge upstream: already session events).
    public init() { hostIndex = nil }

    /// Maps the controller's kiosk indices to the positions of the same names in `hostNames`.
    public init(hostNames: [String]) {
        hostIndex = Self.controllerNames.map { name in hostNames.firstIndex(of: name).map { UInt8($0) } }
    }

    /// The names of the controller's recognizers by index: the kiosk set, as the firmware builds it.
    public static var controllerNames: [String] {
        let engine = BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194)
        return (0..<engine.recognizerCount).map { engine.name(of: RecognizerIndex($0)).text }
    }

    /// True when the events come from a controller (times on its clock, kiosk indices), not from a bridge.
    public var isController: Bool { hostIndex != nil }

    /// True while a touch the controller reported is down.
    public var hasLiveTouches: Bool { !liveTouches.isEmpty }

    public mutating func touch(_ record: TouchEventRecord, at time: Microseconds) -> HostEvent {
        var touch = record.touch
        if isController {
            if touch.phase == .began {
                if touch.trackingId <= lastBegan { idOffset = highestId }
                lastBegan = touch.trackingId
            }
            touch.trackingId &+= idOffset
            highestId = max(highestId, touch.trackingId)
        }
        switch touch.phase {
        case .began, .moved, .stationary: liveTouches[touch.trackingId] = touch
        case .ended, .cancelled: liveTouches[touch.trackingId] = nil
        }
        return .touch(touch, at: time)
    }

    /// The controller forgot its touches (a reset) or the link went: each live one is cancelled where it was.
    public mutating func cancelAll(at time: Microseconds) -> [HostEvent] {
        let cancelled = liveTouches.values.sorted { $0.trackingId < $1.trackingId }.map { touch in
            var touch = touch
            touch.phase = .cancelled
            return HostEvent.touch(touch, at: time)
        }
        liveTouches.removeAll()
        return cancelled
    }

    public func gesture(_ event: GestureEvent, at time: Microseconds) -> HostEvent? {
        var event = event
        event.timestamp = time
        if let hostIndex {
            guard Int(event.recognizer) < hostIndex.count, let index = hostIndex[Int(event.recognizer)] else { return nil }
            event.recognizer = index
        }
        return .gesture(event)
    }
}
