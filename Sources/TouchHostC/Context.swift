import CTouchHostHeader
import Glibc
import TouchCore
import TouchHost

/// Where a context's reports come from.
enum ContextSource {
    /// The application feeds contacts; `pending` is the frame being built.
    case manual(pending: ContactFrame?)
    case device(DeviceSource)
}

/// What a th_context handle stands for.
final class Context {
    /// The owner thread; another thread adopts the context once this one has exited.
    var owner: ThreadToken
    var handle: OpaquePointer?
    let wake: WakeDescriptor
    let options: ContextOptions
    /// The recognizers while no pipeline runs them (a device that has not described itself yet).
    private var configured: RecognizerSet
    /// The pipeline that runs the context's recognizers: a manual context's own, a device's once
    /// it has described itself, a replay's.
    private(set) var pipeline: Pipeline?
    var source: ContextSource {
        didSet { if case .device(let device) = source { hostInstant = device.hostInstant } }
    }
    /// Said with the next `disconnected` status: the port and why it went.
    var statusDetail: String?
    /// What the pipeline's sink received during the current step, with its host instant
    /// (`hostInstant`) taken as it came, under the estimate it was made with.
    private var collected: [(event: HostEvent, host: Microseconds?)] = []
    private var deliveries: [(delivery: TouchDelivery, host: Microseconds?)] = []
    /// The latest time the context has seen: reports, advances.
    var now: Microseconds = 0
    /// The screen its events are placed on (ScreenAPI.swift).
    var screen = ContextScreen()
    /// What becomes of palms (th_context_set_palms): for the pipeline running and any made later.
    var palms = PalmPolicy.suppress {
        didSet { pipeline?.palms = palms }
    }

    private var queue: [StampedEvent] = []
    /// Live device contexts stamp events with CLOCK_MONOTONIC (th_event_get_time): the session's
    /// `hostInstant(ofSessionTime:)`, the scan behind the event, set with `source`. Nil for
    /// replays and manual contexts, whose time is their input's.
    private var hostInstant: ((Microseconds) -> Microseconds)?
    /// The latest stamp handed out: th_event_get_time never goes back.
    private var lastStamp: Microseconds = .min
    private var head = 0
    let maxEvents: Int
    var eventMask: UInt32
    private var droppedEvents: UInt32 = 0

    /// Recognizer names by engine slot ("" for a removed one).
    var names: [String] = []
    /// The numbers handed out for recognizers and regions (SlotNumbers.swift).
    var recognizerNumbers = SlotNumbers()
    var regionNumbers = SlotNumbers()
    /// Recognizers added one by one, or changes made (a kiosk set may only come before them).
    var singlyAdded = 0
    var kioskSelection = KioskSelection()
    /// TH_REGION_* flags by region number; region 0 is the whole panel.
    var regionFlags: [UInt32] = [0]
    /// Custom recognizers' callback tables, by the engine slot they are in.
    var callbackTables: [(slot: Int, table: CallbackTable)] = []
    var templates: [String] = []

    var lastError: UnsafeMutablePointer<CChar>?
    var logHandler: (fn: LogFn, user: UnsafeMutableRawPointer?, minimum: Int32)?
    var userData: UnsafeMutableRawPointer?
    /// True while the engine runs: callbacks may not re-enter the context.
    var busy = false

    typealias LogFn = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void

    init(options: ContextOptions, source: ContextSource) throws(CallError) {
        owner = ThreadToken.current
        wake = try WakeDescriptor()
        self.options = options
        self.source = source
        maxEvents = options.maxEvents
        eventMask = options.eventMask
        configured = RecognizerSet(panelWidth: options.panelWidth, panelHeight: options.panelHeight)
        _ = regionNumbers.fill(0)
    }

    /// The context's recognizers, wherever they run; changes apply from the next step on.
    var recognizers: RecognizerSet {
        get { pipeline?.recognizers ?? configured }
        set {
            if let pipeline { pipeline.recognizers = newValue } else { configured = newValue }
        }
    }

    /// Changes the recognizers now (docs/c-api.md "Run-time configuration"): on a running pipeline,
    /// what the change sets off (a removed recognizer's `cancelled`, a released waiter) is queued
    /// at once; before one runs, the set waiting for it changes.
    func reconfigure<R>(_ change: (inout RecognizerSet) throws(CallError) -> R) throws(CallError) -> R {
        guard let pipeline else { return try change(&configured) }
        let outcome: Result<R, CallError> = run {
            do throws(CallError) {
                return .success(try pipeline.reconfigure(change))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The sink a pipeline or session of this context hands its events to.
    var sink: (HostEvent) -> Void {
        { [unowned self] event in self.collected.append((event, self.hostInstant?(event.time))) }
    }

    /// Makes the context's pipeline over its recognizers. A device's panel size applies unless the
    /// application's options chose one; the recognizers are rebuilt for it (keeping their numbers).
    @discardableResult
    func makePipeline(tracker: TrackerConfiguration, panel: PanelSize? = nil, sink: ((HostEvent) -> Void)? = nil) -> Pipeline {
        var set = recognizers
        if let panel, !options.panelGiven, panel.width > 0, panel.height > 0,
            panel.width != set.panelWidth || panel.height != set.panelHeight
        {
            set = set.resized(panelWidth: panel.width, panelHeight: panel.height)
        }
        let made = Pipeline(tracker: tracker.with(palms: palms), recognizers: set, sink: sink ?? self.sink)
        made.onDelivery = { [unowned self] in self.deliveries.append(($0, self.hostInstant?($0.timestamp))) }
        made.screen = screen.setting
        pipeline = made
        return made
    }

    deinit {
        free(lastError)
    }

    // MARK: Queue

    var queuedCount: Int { queue.count - head }

    /// Whether a replay may produce more before the application drains the queue: one report
    /// makes a few dozen events at most, so half the queue is room enough.
    var hasRoom: Bool { queuedCount + collected.count < maxEvents / 2 }

    /// Queues `event`; `host` is its host instant when it was taken as the event was made.
    func enqueue(_ event: QueuedEvent, host: Microseconds? = nil) {
        guard eventMask & (1 << UInt32(event.typeCode)) != 0 else { return }
        guard queuedCount < maxEvents else {
            droppedEvents &+= 1
            return
        }
        queue.append(stamped(event, host: host))
    }

    private func stamped(_ event: QueuedEvent, host: Microseconds? = nil) -> StampedEvent {
        guard let hostInstant else { return StampedEvent(event: event, time: event.time) }
        lastStamp = max(lastStamp, host ?? hostInstant(event.time))
        return StampedEvent(event: event, time: lastStamp)
    }

    func dequeue() -> StampedEvent? {
        guard head < queue.count else { return nil }
        let event = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
        }
        if droppedEvents > 0 {
            // Reported once there is room again, after what was kept.
            queue.append(stamped(.queueOverflow(count: droppedEvents, at: max(now, event.event.time))))
            droppedEvents = 0
        }
        return event
    }

    func updateWake() {
        var more = false
        if case .device(let device) = source { more = device.hasMoreWork }
        wake.setQueued(queuedCount > 0 || more)
    }

    /// Runs a pipeline step with callbacks locked out, then queues what it produced: the
    /// pipeline's events and the engine's touch deliveries, in time order (a timer that fired
    /// inside a frame carries its own, earlier time).
    func run<R>(_ step: () -> R) -> R {
        busy = true
        let result = step()
        busy = false
        var items: [(event: QueuedEvent, host: Microseconds?)] = []
        for (event, host) in collected {
            switch event {
            case .touch(let touch, let at, let screen): items.append((.touch(touch, at: at, screen: screen), host))
            case .status(let status):
                var detail: String? = nil
                if status.kind == .disconnected {
                    detail = statusDetail
                    statusDetail = nil
                }
                items.append((.status(status, detail: detail), host))
            case .gesture(let gesture, let screen): items.append((named(gesture, screen: screen), host))
            }
        }
        collected.removeAll(keepingCapacity: true)
        defer { deliveries.removeAll(keepingCapacity: true) }
        for (delivery, host) in deliveries {
            let region = Int(delivery.region.rawValue)
            if region < regionFlags.count, regionFlags[region] & RegionFlags.deliverTouches != 0 {
                items.append((.regionTouch(delivery, region: regionNumbers.number(of: region)), host))
            }
        }
        let ordered = items.enumerated().sorted { a, b in
            let ta = a.element.event.time, tb = b.element.event.time
            return ta != tb ? ta < tb : a.offset < b.offset
        }
        for item in ordered { enqueue(item.element.event, host: item.element.host) }
        updateWake()
        return result
    }

    private func named(_ gesture: GestureEvent, screen: ScreenPlacement?) -> QueuedEvent {
        let index = Int(gesture.recognizer)
        let name = index < names.count ? names[index] : "recognizer-\(index)"
        var template: String? = nil
        if gesture.kind == .template, Int(gesture.values.templateIndex) < templates.count {
            template = templates[Int(gesture.values.templateIndex)]
        }
        return .gesture(gesture, name: name, template: template, screen: screen, number: recognizerNumbers.number(of: index))
    }

    // MARK: Errors and logging

    /// The last failure's words and `errno` (th_context_get_last_error, th_context_get_os_error).
    func record(_ error: CallError) {
        free(lastError)
        lastError = strdup(error.message)
        lastSystemError = error.systemError
        log(.error, error.message)
    }

    var lastSystemError: Int32 = 0

    enum Priority: Int32 {
        case debug = 10, info = 20, warning = 25, error = 30
    }

    /// The handler runs with the context busy, as callbacks do: it may not call back into the
    /// context (TH_ERR_BUSY), so it cannot destroy the context whose call is logging.
    /// What the handler's own refused calls would log is not logged again (no recursion).
    func log(_ priority: Priority, _ message: @autoclosure () -> String) {
        guard let handler = logHandler, priority.rawValue >= handler.minimum, !logging else { return }
        let wasBusy = busy
        busy = true
        logging = true
        defer {
            busy = wasBusy
            logging = false
        }
        message().withCString { text in ThreadCallState.runningCallback { handler.fn(handler.user, priority.rawValue, text) } }
    }

    private var logging = false
}

/// th_context_options.flags, from the header.
enum ContextFlags {
    static let reconnect = UInt32(TH_CONTEXT_RECONNECT.rawValue)
    static let all = reconnect
}

/// th_region flags, from the header.
enum RegionFlags {
    static let deliverTouches = UInt32(TH_REGION_DELIVER_TOUCHES)
    static let all = deliverTouches
}

/// th_context_options as Swift values, with the defaults applied.
struct ContextOptions {
    var maxEvents = 4096
    var panelWidth: Float = 345
    var panelHeight: Float = 194
    var panelGiven = false
    var reportRate = 120
    var reportRateGiven = false
    var eventMask: UInt32 = 0xFFFF_FFFE
    var baud: Int? = nil
    /// TH_CONTEXT_RECONNECT: a lost link is opened again.
    var reconnects = false

    init() {}

    init(reading p: UnsafeRawPointer?) throws(CallError) {
        guard let p else { return }
        typealias L = CLayout.ContextOptions
        try CLayout.checkSize(p, atLeast: L.size, "th_context_options")
        if p.u32(L.maxEvents) != 0 { maxEvents = Int(min(p.u32(L.maxEvents), 1 << 24)) }
        let w = p.f64(L.panelWidth), h = p.f64(L.panelHeight)
        guard w.isFinite, h.isFinite, w >= 0, h >= 0, w <= 100_000, h <= 100_000 else {
            throw CallError(.invalidArgument, "panel size \(w) x \(h) mm is not a size")
        }
        if w > 0 && h > 0 {
            panelWidth = Float(w)
            panelHeight = Float(h)
            panelGiven = true
        } else if w > 0 || h > 0 {
            throw CallError(.invalidArgument, "give both panel_width_mm and panel_height_mm, or neither")
        }
        let rate = p.u32(L.reportRate)
        if rate != 0 {
            guard rate <= 10_000 else { throw CallError(.invalidArgument, "report_rate_hz \(rate) is out of range") }
            reportRate = Int(rate)
            reportRateGiven = true
        }
        eventMask = p.u32(L.eventMask)
        if p.u32(L.baud) != 0 { baud = Int(p.u32(L.baud)) }
        let flags = p.u32(L.flags)
        guard flags & ~ContextFlags.all == 0 else {
            throw CallError(.invalidArgument, "flags 0x\(String(flags, radix: 16)) has bits no TH_CONTEXT_* flag uses")
        }
        reconnects = flags & ContextFlags.reconnect != 0
    }

    static func writeDefaults(to p: UnsafeMutableRawPointer) {
        typealias L = CLayout.ContextOptions
        p.initializeMemory(as: UInt8.self, repeating: 0, count: L.size)
        p.set(0, UInt32(L.size))
        p.set(L.eventMask, UInt32(0xFFFF_FFFE))
    }
}
