import TouchCore

/// One finger-level step of a test scenario, at a time in milliseconds.
enum FingerStep {
    case down(Int, Float, Float)
    case move(Int, Float, Float)
    case up(Int)
    /// The system cancels this finger's touch (a `cancelled` phase in the frame).
    case cancel(Int)
    /// Time passes with no frame: only `advance(to:)` runs.
    case wait
    /// `cancelAll(at:)`.
    case cancelAll
}

struct TimedStep {
    var ms: Double
    var step: FingerStep
}

/// Builds scenarios: `at(0, .down(1, 100, 100))`, and drags expanded into moves every 10 ms.
struct Scenario {
    var steps: [TimedStep] = []

    func at(_ ms: Double, _ step: FingerStep) -> Scenario {
        var copy = self
        copy.steps.append(TimedStep(ms: ms, step: step))
        return copy
    }

    /// Moves finger `id` in a straight line to (x, y), one move every 10 ms until `endMs`.
    func drag(_ id: Int, from start: (Float, Float), to end: (Float, Float), startMs: Double, endMs: Double) -> Scenario {
        var copy = self
        var t = startMs + 10
        while t <= endMs + 0.001 {
            let f = Float((t - startMs) / (endMs - startMs))
            copy.steps.append(TimedStep(
                ms: t, step: .move(id, start.0 + (end.0 - start.0) * f, start.1 + (end.1 - start.1) * f)))
            t += 10
        }
        return copy
    }
}

/// Plays scenarios into an engine frame by frame, as the tracker would, and logs what comes out.
struct GesturePlayer<Custom: CustomRecognizer, let capacity: Int> {
    var engine: GestureEngine<Custom, capacity>
    var includeChanged = false
    private(set) var actions: [String] = []
    private(set) var deliveries: [String] = []
    private(set) var events: [GestureEvent] = []
    private(set) var deliveryRegions: [RegionIndex] = []
    private var live: [Int: TrackedTouch] = [:]
    private var fingerIds: [Int: UInt32] = [:]
    private var nextTrackingId: UInt32 = 1

    init(_ engine: consuming GestureEngine<Custom, capacity>, includeChanged: Bool = false) {
        self.engine = engine
        self.includeChanged = includeChanged
    }

    /// Plays the steps, then lets time run out the way `replay` does: every pending deadline fires.
    mutating func play(_ scenario: Scenario, settle: Bool = true) {
        play(scenario, delegate: NoGestureDelegate(), settle: settle)
    }

    mutating func play<D: GestureEngineDelegate>(_ scenario: Scenario, delegate: D, settle: Bool = true) {
        var delegate = delegate
        var i = 0
        // Steps may be written finger by finger; frames go in time order (stable for equal times).
        let steps = scenario.steps.enumerated().sorted { ($0.element.ms, $0.offset) < ($1.element.ms, $1.offset) }
            .map(\.element)
        while i < steps.count {
            let ms = steps[i].ms
            let time = Microseconds((ms * 1000).rounded())
            var frame = TouchFrame(timestamp: time)
            var changed: [Int: TouchPhase] = [:]
            var systemWait = false
            var systemCancel = false
            while i < steps.count && steps[i].ms == ms {
                switch steps[i].step {
                case .down(let finger, let x, let y):
                    let id = nextTrackingId
                    nextTrackingId += 1
                    fingerIds[finger] = id
                    let p = PanelPoint(x: x, y: y)
                    live[finger] = TrackedTouch(
                        trackingId: id, slot: UInt8(finger), phase: .began, position: p, startPosition: p,
                        startTime: time)
                    changed[finger] = .began
                case .move(let finger, let x, let y):
                    live[finger]?.position = PanelPoint(x: x, y: y)
                    if changed[finger] == nil { changed[finger] = .moved }
                case .up(let finger):
                    changed[finger] = .ended
                case .cancel(let finger):
                    changed[finger] = .cancelled
                case .wait:
                    systemWait = true
                case .cancelAll:
                    systemCancel = true
                }
                i += 1
            }
            var eventList = GestureEventList(filler: .placeholder)
            var deliveryList = TouchDeliveryList(filler: .placeholder)
            if systemCancel {
                engine.cancelAll(at: time, delegate: &delegate, events: &eventList, deliveries: &deliveryList)
                live.removeAll()
            } else if systemWait && changed.isEmpty {
                engine.advance(to: time, delegate: &delegate, events: &eventList, deliveries: &deliveryList)
            } else {
                for finger in live.keys.sorted() {
                    var touch = live[finger]!
                    touch.phase = changed[finger] ?? .stationary
                    frame.touches.append(touch)
                    if touch.phase.isTerminal { live[finger] = nil } else { live[finger]!.phase = .stationary }
                }
                engine.process(frame, delegate: &delegate, events: &eventList, deliveries: &deliveryList)
            }
            record(eventList, deliveryList)
        }
        if settle {
            while let deadline = engine.nextDeadline {
                var eventList = GestureEventList(filler: .placeholder)
                var deliveryList = TouchDeliveryList(filler: .placeholder)
                engine.advance(to: deadline, delegate: &delegate, events: &eventList, deliveries: &deliveryList)
                record(eventList, deliveryList)
            }
        }
    }

    private mutating func record(_ eventList: GestureEventList, _ deliveryList: TouchDeliveryList) {
        for i in eventList.indices {
            let event = eventList[i]
            events.append(event)
            if event.state == .changed && !includeChanged { continue }
            let name = "\(engine.name(of: event.recognizerIndex))"
            actions.append("\(name) \(Self.stateName(event.state)) @\(Self.ms(event.timestamp))")
        }
        for i in deliveryList.indices {
            let d = deliveryList[i]
            deliveries.append("\(d.trackingId) \(Self.phaseName(d.phase)) @\(Self.ms(d.timestamp))")
            deliveryRegions.append(d.region)
        }
    }

    static func ms(_ time: Microseconds) -> String {
        time % 1000 == 0 ? "\(time / 1000)" : "\(Double(time) / 1000)"
    }

    static func stateName(_ state: GestureActionState) -> String {
        switch state {
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        case .recognized: return "recognized"
        }
    }

    static func phaseName(_ phase: TouchPhase) -> String {
        switch phase {
        case .began: return "began"
        case .moved: return "moved"
        case .stationary: return "stationary"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }
}

func kioskEngine() -> BasicGestureEngine {
    BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194)
}

func engine(_ specs: [(RecognizerSpec, RecognizerOptions)], simultaneous: [(Int, Int)] = []) -> BasicGestureEngine {
    var engine = BasicGestureEngine(configuration: GestureEngineConfiguration(panelWidth: 345, panelHeight: 194))
    for (spec, options) in specs { engine.add(spec, options: options) }
    for (a, b) in simultaneous { engine.allowSimultaneous(RecognizerIndex(a), RecognizerIndex(b)) }
    return engine
}
