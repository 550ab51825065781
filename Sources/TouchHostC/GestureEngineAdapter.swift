import TouchCore
import TouchHost

// The C API's one seam to the gesture engine (TouchCore/Gestures): recognizer parameters, the
// engine type with C callback recognizers, and the kiosk set. Everything else in TouchHostC talks
// to `RecognizerSet`, so a change in the engine's surface lands here only.

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

    /// The engine's recognizer for these settings; nil for kinds the engine does not build in or the
    /// C API builds itself (template: the context's template store).
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
        // Stroke shapes take the analyzers' tuned defaults (docs/strokes.md): no th_recognizer_params
        // field describes a shape.
        case .checkmark: return .checkmark()
        case .circle: return .circle()
        case .backslash: return .backslash()
        case .capture: return .capture()
        default:
            return nil
        }
    }

    var options: RecognizerOptions { RecognizerFlags.options(flags, region: region) }

    /// The settings a running recognizer has (th_context_get_recognizer_params); nil for a custom one.
    init?(running recognizer: BuiltInRecognizer?, kind: GestureKind, options: RecognizerOptions) {
        self.init(kind: kind)
        region = Int32(options.region.rawValue)
        flags = RecognizerFlags.flags(of: options)
        switch recognizer {
        case .tap(let r)?:
            (taps, touches) = (UInt32(r.tapsRequired), UInt32(r.touchesRequired))
            allowableMovement = Double(r.allowableMovement)
            maxTapInterval = r.maxTapInterval
            maxTapDistance = Double(r.maxTapDistance)
        case .longPress(let r)?:
            (taps, touches) = (UInt32(r.tapsRequired), UInt32(r.touchesRequired))
            duration = r.minimumPressDuration
            allowableMovement = Double(r.allowableMovement)
            maxTapInterval = r.maxTapInterval
        case .pan(let r)?:
            (touches, maxTouches) = (UInt32(r.minimumTouches), UInt32(r.maximumTouches))
            startDistance = Double(r.startDistance)
        case .swipe(let r)?:
            (directions, touches) = (UInt32(r.directions), UInt32(r.touchesRequired))
            minDistance = Double(r.minimumDistance)
            minSpeed = Double(r.minimumSpeed)
            angleTolerance = Double(r.angleTolerance)
        case .pinch(let r)?: startDistance = Double(r.startDistance)
        case .rotation(let r)?: startDistance = Double(r.startDistance)
        case .edgePan(let r)?:
            edges = UInt32(r.edges)
            edgeBand = Double(r.bandWidth)
            startDistance = Double(r.startDistance)
        case .stroke?: break
        case nil: if kind != .template { return nil }
        }
    }
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

    static func flags(of o: RecognizerOptions) -> UInt32 {
        (o.cancelsTouchesInView ? cancelsTouches : 0) | (o.delaysTouchesBegan ? delaysBegan : 0)
            | (o.delaysTouchesEnded ? delaysEnded : 0) | (o.canPreventOthers ? 0 : cannotPrevent)
            | (o.canBePrevented ? 0 : cannotBePrevented) | (o.isEnabled ? 0 : disabled)
    }

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

/// The C API's side of TouchHost's `RecognizerSet`: parameters in, CallError out.
extension RecognizerSet {
    mutating func add(_ parameters: RecognizerParameters) throws(CallError) -> Int {
        try check(region: parameters.region)
        let spec = parameters.spec
        guard parameters.kind == .template || spec != nil else {
            throw CallError(.notSupported, "recognizers of kind \(parameters.kind) cannot be added by parameters in this build")
        }
        do throws(RecognizerSetError) {
            if let spec { return try add(spec, options: parameters.options) }
            return try addTemplateRecognizer(options: parameters.options)
        } catch {
            throw CallError(error)
        }
    }

    /// Another built-in or template recognizer under `recognizer`'s number (run-time configuration).
    mutating func replace(_ recognizer: Int, with parameters: RecognizerParameters) throws(CallError) {
        try check(region: parameters.region)
        let spec = parameters.spec
        guard spec != nil || parameters.kind == .template else {
            throw CallError(.notSupported, "recognizers of kind \(parameters.kind) cannot be made by parameters in this build")
        }
        do throws(RecognizerSetError) {
            if let spec {
                try replace(recognizer, with: spec, options: parameters.options)
            } else {
                try replaceWithTemplateRecognizer(recognizer, options: parameters.options)
            }
        } catch {
            throw CallError(error)
        }
    }

    mutating func removing(_ recognizer: Int) throws(CallError) {
        do throws(RecognizerSetError) { try remove(recognizer) } catch { throw CallError(error) }
    }

    mutating func moving(region: Int, to rect: PanelRect, z: Int) throws(CallError) {
        do throws(RecognizerSetError) { try setRegion(region, rect: rect, z: z) } catch { throw CallError(error) }
    }

    mutating func removing(region: Int) throws(CallError) {
        do throws(RecognizerSetError) { try removeRegion(region) } catch { throw CallError(error) }
    }

    mutating func addCustom(_ table: CallbackTable, options: RecognizerOptions) throws(CallError) -> Int {
        do throws(RecognizerSetError) {
            return try addClient(table, options: options)
        } catch {
            throw CallError(error)
        }
    }

    func check(region: Int32) throws(CallError) {
        do throws(RecognizerSetError) {
            try checkRegion(Int(region))
        } catch {
            throw CallError(error)
        }
    }

    mutating func append(region rect: PanelRect, z: Int) throws(CallError) -> Int {
        do throws(RecognizerSetError) {
            return try addRegion(rect, z: z)
        } catch {
            throw CallError(error)
        }
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
}

extension CallError {
    init(_ error: RecognizerSetError) {
        switch error {
        case .capacity(let message): self.init(.capacity, message)
        case .notFound(let message): self.init(.notFound, message)
        }
    }
}
