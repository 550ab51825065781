import TouchCore

// The C API's one seam to the gesture engine (TouchCore/Gestures): recognizer parameters, the
// engine type with C callback recognizers, and the kiosk set. Everything else in TouchHostC talks
// to `RecognizerSet`, so a change in the engine's surface lands here only.

typealias CEngine = GestureEngine<ContextRecognizer>

/// th_recognizer_params as Swift values.
struct RecognizerParameters {
    var kind: GestureKind
    var region: Int32 = 0
    var flags: UInt32 = RecognizerFlags.defaults
    var taps: UInt32 = 1
    var touches: UInt32 = 1
    var maxTouches: UInt32 = UInt32(TouchLimits.maxContacts)
    var directions: UInt32 = UInt32(SwipeRecognizer.anyDirection)
    var edges: UInt32 = UInt32(EdgePanRecognizer.allEdges)
    var duration: Int64 = GestureDefaults.longPressDuration
    var maxTapInterval: Int64 = GestureDefaults.maxTapInterval
    var allowableMovement = Double(GestureDefaults.touchSlop)
    var maxTapDistance = Double(GestureDefaults.maxTapDistance)
    var startDistance = Double(GestureDefaults.touchSlop)
    var minDistance = Double(GestureDefaults.swipeMinimumDistance)
    var minSpeed = Double(GestureDefaults.swipeMinimumSpeed)
    var angleTolerance = Double(GestureDefaults.swipeAngleTolerance)
    var edgeBand = Double(GestureDefaults.edgeBandWidth)

    init(kind: GestureKind) {
        self.kind = kind
        // A long press defaults to no taps before it; a tap to one tap.
        if kind == .longPress { taps = 0 }
    }

    init(reading p: UnsafeRawPointer) throws(CallError) {
        typealias L = CLayout.RecognizerParams
        try CLayout.checkSize(p, atLeast: L.size, "th_recognizer_params")
        guard let kind = GestureKind(rawValue: UInt8(clamping: p.u32(L.kind))), p.u32(L.kind) <= 255 else {
            throw CallError(.invalidArgument, "kind \(p.u32(L.kind)) is not a th_gesture_kind")
        }
        self.kind = kind
        region = p.i32(L.region)
        flags = p.u32(L.flags)
        taps = p.u32(L.taps)
        touches = p.u32(L.touches)
        maxTouches = p.u32(L.maxTouches)
        directions = p.u32(L.directions)
        edges = p.u32(L.edges)
        duration = p.i64(L.duration)
        maxTapInterval = p.i64(L.maxTapInterval)
        allowableMovement = p.f64(L.allowableMovement)
        maxTapDistance = p.f64(L.maxTapDistance)
        startDistance = p.f64(L.startDistance)
        minDistance = p.f64(L.minDistance)
        minSpeed = p.f64(L.minSpeed)
        angleTolerance = p.f64(L.angleTolerance)
        edgeBand = p.f64(L.edgeBand)
        for (value, name) in [
            (allowableMovement, "allowable_movement_mm"), (maxTapDistance, "max_tap_distance_mm"),
            (startDistance, "start_distance_mm"), (minDistance, "min_distance_mm"), (minSpeed, "min_speed_mm_s"),
            (angleTolerance, "angle_tolerance_rad"), (edgeBand, "edge_band_mm"),
        ] where !(value.isFinite && value >= 0) {
            throw CallError(.invalidArgument, "\(name) must be finite and not negative, not \(value)")
        }
        guard duration >= 0, maxTapInterval >= 0 else {
            throw CallError(.invalidArgument, "durations must not be negative")
        }
        guard taps <= 255, touches <= UInt32(TouchLimits.maxContacts), maxTouches <= 255 else {
            throw CallError(.invalidArgument, "taps, touches or max_touches out of range")
        }
        guard directions & ~UInt32(SwipeRecognizer.anyDirection) == 0, edges & ~UInt32(EdgePanRecognizer.allEdges) == 0
        else { throw CallError(.invalidArgument, "directions or edges has bits outside TH_DIRECTION_ANY / TH_EDGE_ANY") }
        guard flags & ~RecognizerFlags.all == 0 else {
            throw CallError(.invalidArgument, "flags has bits that are not TH_RECOGNIZER_* (\(flags))")
        }
    }

    func write(to p: UnsafeMutableRawPointer) {
        typealias L = CLayout.RecognizerParams
        p.initializeMemory(as: UInt8.self, repeating: 0, count: L.size)
        p.set(0, UInt32(L.size))
        p.set(L.kind, UInt32(kind.rawValue))
        p.set(L.region, region)
        p.set(L.flags, flags)
        p.set(L.taps, taps)
        p.set(L.touches, touches)
        p.set(L.maxTouches, maxTouches)
        p.set(L.directions, directions)
        p.set(L.edges, edges)
        p.set(L.duration, duration)
        p.set(L.maxTapInterval, maxTapInterval)
        p.set(L.allowableMovement, allowableMovement)
        p.set(L.maxTapDistance, maxTapDistance)
        p.set(L.startDistance, startDistance)
        p.set(L.minDistance, minDistance)
        p.set(L.minSpeed, minSpeed)
        p.set(L.angleTolerance, angleTolerance)
        p.set(L.edgeBand, edgeBand)
    }

    /// The engine's recognizer for these settings; nil for kinds the engine does not build in.
    var spec: RecognizerSpec? {
        let u8 = { (v: UInt32) in UInt8(clamping: v) }
        switch kind {
        case .tap:
            return .tap(TapRecognizer(
                taps: u8(taps), touches: u8(touches), allowableMovement: Float(allowableMovement),
                maxTapInterval: maxTapInterval, maxTapDistance: Float(maxTapDistance)))
        case .longPress:
            return .longPress(LongPressRecognizer(
                minimumPressDuration: duration, allowableMovement: Float(allowableMovement),
                touches: u8(touches), tapsBefore: u8(taps), maxTapInterval: maxTapInterval))
        case .pan:
            return .pan(PanRecognizer(minimumTouches: u8(touches), maximumTouches: u8(maxTouches), startDistance: Float(startDistance)))
        case .swipe:
            return .swipe(SwipeRecognizer(
                directions: u8(directions), touches: u8(touches), minimumDistance: Float(minDistance),
                minimumSpeed: Float(minSpeed), angleTolerance: Float(angleTolerance)))
        case .pinch:
            return .pinch(PinchRecognizer(startDistance: Float(startDistance)))
        case .rotation:
            return .rotation(RotationRecognizer(startDistance: Float(startDistance)))
        case .edgePan:
            return .edgePan(EdgePanRecognizer(edges: u8(edges), bandWidth: Float(edgeBand), startDistance: Float(startDistance)))
        default:
            return nil
        }
    }

    var options: RecognizerOptions { RecognizerFlags.options(flags, region: region) }
}

/// TH_RECOGNIZER_* bits.
enum RecognizerFlags {
    static let cancelsTouches: UInt32 = 0x01
    static let delaysBegan: UInt32 = 0x02
    static let delaysEnded: UInt32 = 0x04
    static let cannotPrevent: UInt32 = 0x08
    static let cannotBePrevented: UInt32 = 0x10
    static let disabled: UInt32 = 0x20
    static let all: UInt32 = 0x3F
    static let defaults: UInt32 = cancelsTouches | delaysEnded

    static func options(_ flags: UInt32, region: Int32) -> RecognizerOptions {
        var o = RecognizerOptions(
            region: RegionIndex(UInt8(clamping: region)), cancelsTouchesInView: flags & cancelsTouches != 0,
            delaysTouchesBegan: flags & delaysBegan != 0, delaysTouchesEnded: flags & delaysEnded != 0)
        o.canPreventOthers = flags & cannotPrevent == 0
        o.canBePrevented = flags & cannotBePrevented == 0
        o.isEnabled = flags & disabled == 0
        return o
    }
}

/// The context's recognizers and regions around one engine.
struct RecognizerSet {
    private(set) var engine: CEngine
    let panelWidth: Float
    let panelHeight: Float
    /// Regions as added (the root excluded), so a rebuilt engine gets them back.
    private(set) var regions: [(rect: PanelRect, z: Int)] = []
    /// Everything done to the engine, in order, so the same set can be made for another panel
    /// size (a device that describes itself after the application configured its context).
    private var recipe: [Step] = []

    private enum Step {
        case kiosk(KioskSelection)
        case builtIn(RecognizerParameters)
        case custom(ContextRecognizer, RecognizerOptions)
        case requireToFail(Int, Int)
        case simultaneous(Int, Int)
    }

    static let maxRecognizers = GestureLimits.maxRecognizers
    static let maxRegions = GestureLimits.maxRegions - 1

    /// The context's templates, for its template recognizers.
    let templates: TemplateStore

    init(panelWidth: Float, panelHeight: Float, templates: TemplateStore) {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.templates = templates
        engine = CEngine(configuration: GestureEngineConfiguration(panelWidth: panelWidth, panelHeight: panelHeight))
    }

    var recognizerCount: Int { engine.recognizerCount }

    func kind(of recognizer: Int) -> GestureKind { engine.kind(of: RecognizerIndex(recognizer)) }

    func checkRoom() throws(CallError) {
        guard recognizerCount < Self.maxRecognizers else {
            throw CallError(.capacity, "a context holds at most \(Self.maxRecognizers) recognizers")
        }
    }

    func checkRegion(_ region: Int32) throws(CallError) {
        guard region >= 0, Int(region) <= regions.count else {
            throw CallError(.notFound, "region \(region) does not exist (regions: 0...\(regions.count))")
        }
    }

    mutating func add(_ parameters: RecognizerParameters) throws(CallError) -> Int {
        try checkRoom()
        try checkRegion(parameters.region)
        if parameters.kind == .template {
            let recognizer = ContextRecognizer.template(SingleStrokeRecognizer(TemplateMatcher(store: templates)))
            return try addCustom(recognizer, options: parameters.options)
        }
        guard let spec = parameters.spec else {
            throw CallError(.notSupported, "recognizers of kind \(parameters.kind) cannot be added by parameters in this build")
        }
        recipe.append(.builtIn(parameters))
        return Int(engine.add(spec, options: parameters.options).rawValue)
    }

    mutating func addCustom(_ recognizer: ContextRecognizer, options: RecognizerOptions) throws(CallError) -> Int {
        try checkRoom()
        try checkRegion(Int32(options.region.rawValue))
        recipe.append(.custom(recognizer, options))
        return Int(engine.addCustom(recognizer, options: options).rawValue)
    }

    mutating func require(_ recognizer: Int, toFail other: Int) {
        recipe.append(.requireToFail(recognizer, other))
        engine.require(RecognizerIndex(recognizer), toFail: RecognizerIndex(other))
    }

    mutating func allowSimultaneous(_ a: Int, _ b: Int) {
        recipe.append(.simultaneous(a, b))
        engine.allowSimultaneous(RecognizerIndex(a), RecognizerIndex(b))
    }

    mutating func addRegion(_ rect: PanelRect, z: Int) throws(CallError) -> Int {
        guard regions.count < Self.maxRegions else {
            throw CallError(.capacity, "a context holds at most \(Self.maxRegions) regions besides the whole panel")
        }
        regions.append((rect, z))
        return Int(engine.addRegion(rect, z: z).rawValue)
    }

    /// Names of the kiosk set (contracts.md section 4) and the extra nameable ones.
    static func kioskRecognizer(named name: Substring) -> KioskRecognizer? {
        for raw in 0..<UInt8(KioskRecognizer.count) {
            if let r = KioskRecognizer(rawValue: raw), "\(r.name)" == name { return r }
        }
        return nil
    }

    static func isBuiltIn(_ r: KioskRecognizer) -> Bool {
        r.recognizer(panelWidth: 345, panelHeight: 194) != nil
    }

    /// Replaces the engine by the kiosk recognizers of `selection` with their relations, keeping the
    /// regions. Only valid while the engine holds no other recognizers (their numbers would move).
    mutating func rebuildAsKioskSet(_ selection: KioskSelection) -> [String] {
        engine = CEngine.kioskSet(panelWidth: panelWidth, panelHeight: panelHeight, selection: selection)
        for region in regions { _ = engine.addRegion(region.rect, z: region.z) }
        recipe = [.kiosk(selection)]
        return (0..<engine.recognizerCount).map { "\(engine.name(of: RecognizerIndex($0)))" }
    }

    /// The same recognizers, relations and regions on a panel of another size, with no touches.
    func resized(panelWidth: Float, panelHeight: Float) -> RecognizerSet {
        var copy = RecognizerSet(panelWidth: panelWidth, panelHeight: panelHeight, templates: templates)
        copy.regions = regions
        for region in regions { _ = copy.engine.addRegion(region.rect, z: region.z) }
        for step in recipe {
            switch step {
            case .kiosk(let selection): _ = copy.rebuildAsKioskSet(selection)
            case .builtIn(let parameters): _ = try? copy.add(parameters)
            case .custom(let recognizer, let options): _ = try? copy.addCustom(recognizer, options: options)
            case .requireToFail(let a, let b): copy.require(a, toFail: b)
            case .simultaneous(let a, let b): copy.allowSimultaneous(a, b)
            }
        }
        return copy
    }

    var nextDeadline: Microseconds? { engine.nextDeadline }

    mutating func process(_ frame: TouchFrame, events: inout GestureEventList, deliveries: inout TouchDeliveryList) {
        engine.process(frame, events: &events, deliveries: &deliveries)
    }

    mutating func advance(to time: Microseconds, events: inout GestureEventList, deliveries: inout TouchDeliveryList) {
        engine.advance(to: time, events: &events, deliveries: &deliveries)
    }
}
