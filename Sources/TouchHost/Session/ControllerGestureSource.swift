import TouchCore

/// Touches and gestures tracked and recognized upstream (a controller in gestures mode, or a
/// bridge), made into the session's own: the stream's promises (contracts.md section 3) hold
/// whatever the bytes said, since any device, TCP peer or bridge can send any frame.
///
/// - Each touch gets the session's tracking id (counted up, never reused: an upstream id only names
///   a touch while it is live) and a slot within `capacity` that no other live touch holds (the
///   upstream's own slot when it is in range and free, else the lowest free one).
/// - A `began` for an upstream id that is already live, a `began` with every slot taken, a `moved`,
///   `ended` or `cancelled` for an id that is not live, a `began` or `moved` at a position no device
///   could mean (not a finite number, or beyond `PlausibleValues.farthestPosition`; an `ended` or
///   `cancelled` there ends the touch where it was last seen), a gesture action with any value no
///   device could mean (`GestureEvent.hasPlausibleValues`: a translation of 1e30, a NaN scale) and
///   a gesture action its recognizer's state does not allow (`changed` or `ended` without `began`,
///   a second `began`, `recognized` inside its own gesture), and a state its kind never has (a
///   tap's `began` or `changed`, a pan's `recognized`: `isDiscrete`) are refused. Each refusal is counted
///   (`takeRejected`); the session reports the count as a `rejected` status.
/// - Positions are clamped to the panel. Times are the session's, given by the caller.
/// - Recognizer indices: a controller numbers its recognizers as the full kiosk set does; the host
///   may have chosen fewer (`--recognizers`), so an index is mapped through the kiosk name, and a
///   gesture the host did not choose is left out (not refused). A bridge's indices pass unchanged.
public struct ControllerGestureSource {
    /// Host index by controller index; nil passes indices through unchanged.
    private let hostIndex: [UInt8?]?
    /// Live touches by upstream id, as the session shows them. At most `capacity`.
    private var liveTouches: [UInt32: TrackedTouch] = [:]
    /// Continuous gestures under way, by (host) recognizer index: their last action.
    private var openGestures: [UInt8: GestureEvent] = [:]
    private var nextId: UInt32 = 1
    private var rejected: UInt32 = 0

    /// How many touches may be live at once: the device's `maxContacts`, within 1...20.
    public var capacity = TouchLimits.maxContacts
    /// The panel in millimetres, once the device has described itself: positions are clamped to it.
    public var panel: PanelPoint?

    /// Passes recognizer indices through unchanged (a bridge upstream).
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

    /// True when the events come from a controller (kiosk indices), not from a bridge.
    public var isController: Bool { hostIndex != nil }

    /// True while a touch upstream reported is down.
    public var hasLiveTouches: Bool { !liveTouches.isEmpty }

    /// The device described itself: its contact capacity and panel bound what it may report.
    public mutating func describe(_ info: DeviceInfo) {
        capacity = min(max(Int(info.maxContacts), 1), TouchLimits.maxContacts)
        panel = info.panelSize
    }

    /// The touch event as the session emits it, or nil when it is refused (counted) or is a
    /// `stationary` one (left out of the stream, as the pipeline leaves its own out). New tracking
    /// ids are never below `firstFreeId`, the session's next id after every id it has shown.
    public mutating func touch(_ record: TouchEventRecord, at time: Microseconds, firstFreeId: UInt32 = 1) -> HostEvent? {
        let incoming = record.touch
        let position = place(incoming.position)
        switch incoming.phase {
        case .began:
            guard liveTouches[incoming.trackingId] == nil, liveTouches.count < capacity, let position,
                let slot = freeSlot(preferring: incoming.slot)
            else { return refuse() }
            let id = max(nextId, firstFreeId)
            // 4 294 967 294 touches: the ids are spent, and none may come back.
            guard id < UInt32.max else { return refuse() }
            nextId = id + 1
            let touch = TrackedTouch(
                trackingId: id, slot: slot, phase: .began, position: position, startPosition: position,
                startTime: time, amplitude: incoming.amplitude)
            liveTouches[incoming.trackingId] = touch
            return .touch(touch, at: time)
        case .moved, .stationary:
            guard var touch = liveTouches[incoming.trackingId], let position else { return refuse() }
            touch.phase = incoming.phase
            touch.position = position
            touch.amplitude = incoming.amplitude
            liveTouches[incoming.trackingId] = touch
            return incoming.phase == .moved ? .touch(touch, at: time) : nil
        case .ended, .cancelled:
            guard var touch = liveTouches.removeValue(forKey: incoming.trackingId) else { return refuse() }
            // A position that is no position ends the touch where it was last seen.
            if let position { touch.position = position }
            touch.phase = incoming.phase
            touch.amplitude = incoming.amplitude
            return .touch(touch, at: time)
        }
    }

    /// Whether gestures of `kind` are discrete (`recognized` once) rather than continuous
    /// (`began`, `changed`..., `ended` or `cancelled`), as the core's recognizers of that kind are;
    /// nil for `custom`, which may be either.
    static func isDiscrete(_ kind: GestureKind) -> Bool? {
        switch kind {
        case .tap, .swipe, .checkmark, .circle, .backslash, .template: true
        case .longPress, .pan, .pinch, .rotation, .edgePan, .capture: false
        case .custom: nil
        }
    }

    /// The gesture action as the session emits it, or nil when refused (counted) or not chosen.
    public mutating func gesture(_ event: GestureEvent, at time: Microseconds) -> HostEvent? {
        var event = event
        event.timestamp = time
        if let hostIndex {
            guard Int(event.recognizer) < hostIndex.count, let index = hostIndex[Int(event.recognizer)] else { return nil }
            event.recognizer = index
        }
        guard let location = place(event.location), event.hasPlausibleValues else { return refuse() }
        event.location = location
        // A discrete kind (a tap) is only ever `recognized`; a continuous one (a pan) never is
        // (contracts.md section 3). A custom recognizer upstream may be either.
        if let discrete = Self.isDiscrete(event.kind), discrete != (event.state == .recognized) { return refuse() }
        let open = openGestures[event.recognizer] != nil
        switch event.state {
        case .began:
            guard !open else { return refuse() }
            openGestures[event.recognizer] = event
        case .changed:
            guard open else { return refuse() }
            openGestures[event.recognizer] = event
        case .ended, .cancelled:
            guard open else { return refuse() }
            openGestures[event.recognizer] = nil
        case .recognized:
            guard !open else { return refuse() }
        }
        return .gesture(event)
    }

    /// The controller forgot its touches (a reset), the link went, or the input was cut: each live
    /// touch is cancelled where it was, then each gesture under way, with its last values.
    public mutating func cancelAll(at time: Microseconds) -> [HostEvent] {
        let touches = liveTouches.values.sorted { $0.trackingId < $1.trackingId }.map { touch in
            var touch = touch
            touch.phase = .cancelled
            return HostEvent.touch(touch, at: time)
        }
        let gestures = openGestures.keys.sorted().map { recognizer in
            var event = openGestures[recognizer]!
            event.state = .cancelled
            event.timestamp = time
            return HostEvent.gesture(event)
        }
        liveTouches.removeAll()
        openGestures.removeAll()
        return touches + gestures
    }

    /// How many events were refused since the last call.
    public mutating func takeRejected() -> UInt32 {
        defer { rejected = 0 }
        return rejected
    }

    private mutating func refuse() -> HostEvent? {
        rejected = rejected == UInt32.max ? rejected : rejected + 1
        return nil
    }

    /// A position a device could mean (`PlausibleValues`), clamped to the panel when its size is known.
    private func place(_ point: PanelPoint) -> PanelPoint? {
        guard PlausibleValues.isPosition(point) else { return nil }
        guard let panel else { return point }
        return PanelPoint(x: min(max(point.x, 0), panel.x), y: min(max(point.y, 0), panel.y))
    }

    /// The upstream's slot when it is in range and free, else the lowest free one.
    private func freeSlot(preferring wanted: UInt8) -> UInt8? {
        var taken = [Bool](repeating: false, count: capacity)
        for touch in liveTouches.values where Int(touch.slot) < capacity { taken[Int(touch.slot)] = true }
        if Int(wanted) < capacity, !taken[Int(wanted)] { return wanted }
        return taken.firstIndex(of: false).map { UInt8($0) }
    }
}
