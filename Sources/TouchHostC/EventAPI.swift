import TouchCore

func eventCall(_ handle: OpaquePointer?, _ body: (EventObject) throws(CallError) -> Void) -> Int32 {
    ThreadCallState.call { uncheckedEventCall(handle, body) }
}

private func uncheckedEventCall(_ handle: OpaquePointer?, _ body: (EventObject) throws(CallError) -> Void) -> Int32 {
    do throws(CallError) {
        let object = try HandleRegistry.shared.resolve(handle, as: .event, EventObject.self)
        try body(object)
        return ErrorCode.ok.rawValue
    } catch {
        ThreadLastError.set(error.message)
        return error.code.rawValue
    }
}

private func typeName(_ event: QueuedEvent) -> StaticString {
    switch event {
    case .touch: "TH_EVENT_TOUCH"
    case .regionTouch: "TH_EVENT_REGION_TOUCH"
    case .gesture: "TH_EVENT_GESTURE"
    case .status, .queueOverflow, .noAnswer: "TH_EVENT_STATUS"
    }
}

/// Touch fields shared by tracker touches and region deliveries.
private struct TouchView {
    var id: UInt32
    var phase: TouchPhase
    var position: PanelPoint
    var tracked: TrackedTouch?
    var region: Int32?
}

private func touchCall(_ handle: OpaquePointer?, _ body: (TouchView) throws(CallError) -> Void) -> Int32 {
    eventCall(handle) { (object) throws(CallError) in
        switch object.event {
        case .touch(let t, _, _):
            try body(TouchView(id: t.trackingId, phase: t.phase, position: t.position, tracked: t, region: nil))
        case .regionTouch(let d, let region):
            try body(TouchView(id: d.trackingId, phase: d.phase, position: d.position, tracked: nil, region: region))
        default:
            throw CallError(.wrongEventType, "a touch accessor was called on a \(typeName(object.event))")
        }
    }
}

private func gestureCall(
    _ handle: OpaquePointer?, _ body: (GestureEvent, String, String?, EventObject) throws(CallError) -> Void
) -> Int32 {
    numberedGestureCall(handle) { (g, name, template, object, _) throws(CallError) in try body(g, name, template, object) }
}

private func numberedGestureCall(
    _ handle: OpaquePointer?, _ body: (GestureEvent, String, String?, EventObject, Int32) throws(CallError) -> Void
) -> Int32 {
    eventCall(handle) { (object) throws(CallError) in
        guard case .gesture(let g, let name, let template, _, let number) = object.event else {
            throw CallError(.wrongEventType, "a gesture accessor was called on a \(typeName(object.event))")
        }
        try body(g, name, template, object, number)
    }
}

/// A value accessor: only for the kinds that carry the value (custom gestures carry all).
private func valueCall(
    _ handle: OpaquePointer?, _ value: StaticString, _ kinds: [GestureKind], _ body: (GestureEvent) throws(CallError) -> Void
) -> Int32 {
    gestureCall(handle) { (g, name, _, _) throws(CallError) in
        guard g.kind == .custom || kinds.contains(g.kind) else {
            throw CallError(.notAvailable, "'\(name)' is a \(kindName(g.kind)) gesture, which carries no \(value)")
        }
        try body(g)
    }
}

private func statusCall(_ handle: OpaquePointer?, _ body: (Int32, UInt32, String?, EventObject) throws(CallError) -> Void) -> Int32 {
    eventCall(handle) { (object) throws(CallError) in
        switch object.event {
        case .status(let s, let detail): try body(Int32(s.kind.rawValue), s.count, detail, object)
        case .queueOverflow(let count, _): try body(100, count, nil, object)
        case .noAnswer(let detail, _): try body(101, 0, detail, object)
        default: throw CallError(.wrongEventType, "a status accessor was called on a \(typeName(object.event))")
        }
    }
}

private func put<T>(_ pointer: UnsafeMutablePointer<T>?, _ value: T, _ name: StaticString) throws(CallError) {
    try required(pointer, name).pointee = value
}

private func putPair(_ a: UnsafeMutablePointer<Double>?, _ b: UnsafeMutablePointer<Double>?, _ p: PanelPoint) throws(CallError) {
    guard let a, let b else { throw CallError(.invalidArgument, "an out-parameter is NULL") }
    a.pointee = Double(p.x)
    b.pointee = Double(p.y)
}

@_cdecl("th_event_destroy")
public func th_event_destroy(_ handle: OpaquePointer?) -> Int32 {
    eventCall(handle) { _ in HandleRegistry.shared.unregister(handle!) }
}

@_cdecl("th_event_get_type")
public func th_event_get_type(_ handle: OpaquePointer?) -> Int32 {
    var type: Int32 = 0
    _ = eventCall(handle) { object in type = object.event.typeCode }
    return type
}

@_cdecl("th_event_get_time")
public func th_event_get_time(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    eventCall(handle) { (object) throws(CallError) in try put(out, object.time, "out") }
}

@_cdecl("th_event_get_device_time")
public func th_event_get_device_time(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    eventCall(handle) { (object) throws(CallError) in try put(out, object.event.time, "out") }
}

// MARK: Touch

@_cdecl("th_event_touch_get_id")
public func th_event_touch_get_id(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> Int32 {
    touchCall(handle) { (t) throws(CallError) in try put(out, t.id, "out") }
}

@_cdecl("th_event_touch_get_slot")
public func th_event_touch_get_slot(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> Int32 {
    touchCall(handle) { (t) throws(CallError) in
        guard let tracked = t.tracked else { throw CallError(.notAvailable, "region touches carry no slot") }
        try put(out, UInt32(tracked.slot), "out")
    }
}

@_cdecl("th_event_touch_get_phase")
public func th_event_touch_get_phase(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    touchCall(handle) { (t) throws(CallError) in try put(out, Int32(t.phase.rawValue), "out") }
}

@_cdecl("th_event_touch_get_position")
public func th_event_touch_get_position(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?
) -> Int32 {
    touchCall(handle) { (t) throws(CallError) in try putPair(x, y, t.position) }
}

@_cdecl("th_event_touch_get_start")
public func th_event_touch_get_start(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?
) -> Int32 {
    touchCall(handle) { (t) throws(CallError) in
        guard let tracked = t.tracked else { throw CallError(.notAvailable, "region touches carry no start position") }
        try putPair(x, y, tracked.startPosition)
    }
}

@_cdecl("th_event_touch_get_region")
public func th_event_touch_get_region(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    touchCall(handle) { (t) throws(CallError) in
        guard let region = t.region else {
            throw CallError(.notAvailable, "TH_EVENT_TOUCH comes from the tracker, before regions; TH_EVENT_REGION_TOUCH has one")
        }
        try put(out, region, "out")
    }
}

// MARK: Gesture

@_cdecl("th_event_gesture_get_name")
public func th_event_gesture_get_name(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32 {
    gestureCall(handle) { (_, name, _, object) throws(CallError) in
        let out = try required(out, "out")
        out.pointee = object.cString(name)
    }
}

@_cdecl("th_event_gesture_get_recognizer")
public func th_event_gesture_get_recognizer(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    numberedGestureCall(handle) { (_, _, _, _, number) throws(CallError) in try put(out, number, "out") }
}

@_cdecl("th_event_gesture_get_kind")
public func th_event_gesture_get_kind(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    gestureCall(handle) { (g, _, _, _) throws(CallError) in try put(out, Int32(g.kind.rawValue), "out") }
}

@_cdecl("th_event_gesture_get_state")
public func th_event_gesture_get_state(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    gestureCall(handle) { (g, _, _, _) throws(CallError) in try put(out, Int32(g.state.rawValue), "out") }
}

@_cdecl("th_event_gesture_get_position")
public func th_event_gesture_get_position(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?
) -> Int32 {
    gestureCall(handle) { (g, _, _, _) throws(CallError) in try putPair(x, y, g.location) }
}

@_cdecl("th_event_gesture_get_touches")
public func th_event_gesture_get_touches(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> Int32 {
    gestureCall(handle) { (g, _, _, _) throws(CallError) in try put(out, UInt32(g.touches), "out") }
}

@_cdecl("th_event_gesture_get_values")
public func th_event_gesture_get_values(_ handle: OpaquePointer?, _ out: UnsafeMutableRawPointer?) -> Int32 {
    gestureCall(handle) { (g, _, _, _) throws(CallError) in
        guard let out else { throw CallError(.invalidArgument, "out is NULL") }
        try CLayout.checkSize(UnsafeRawPointer(out), atLeast: CLayout.GestureValues.size, "th_gesture_values")
        GestureValuesLayout.write(g.values, to: out)
    }
}

@_cdecl("th_event_gesture_get_taps")
public func th_event_gesture_get_taps(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> Int32 {
    valueCall(handle, "taps", [.tap]) { (g) throws(CallError) in try put(out, UInt32(g.values.taps), "out") }
}

@_cdecl("th_event_gesture_get_duration")
public func th_event_gesture_get_duration(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    valueCall(handle, "duration", [.longPress]) { (g) throws(CallError) in try put(out, g.values.duration, "out") }
}

@_cdecl("th_event_gesture_get_translation")
public func th_event_gesture_get_translation(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?
) -> Int32 {
    valueCall(handle, "translation", [.pan, .edgePan]) { (g) throws(CallError) in try putPair(x, y, g.values.translation) }
}

@_cdecl("th_event_gesture_get_velocity")
public func th_event_gesture_get_velocity(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?
) -> Int32 {
    valueCall(handle, "velocity vector", [.pan, .edgePan]) { (g) throws(CallError) in try putPair(x, y, g.values.velocity) }
}

@_cdecl("th_event_gesture_get_scale")
public func th_event_gesture_get_scale(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    valueCall(handle, "scale", [.pinch]) { (g) throws(CallError) in try put(out, Double(g.values.scale), "out") }
}

@_cdecl("th_event_gesture_get_rotation")
public func th_event_gesture_get_rotation(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    valueCall(handle, "rotation", [.rotation]) { (g) throws(CallError) in try put(out, Double(g.values.rotation), "out") }
}

@_cdecl("th_event_gesture_get_rate")
public func th_event_gesture_get_rate(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    valueCall(handle, "rate", [.pinch, .rotation]) { (g) throws(CallError) in try put(out, Double(g.values.scalarVelocity), "out") }
}

@_cdecl("th_event_gesture_get_direction")
public func th_event_gesture_get_direction(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    valueCall(handle, "direction", [.swipe]) { (g) throws(CallError) in try put(out, Int32(g.values.direction.rawValue), "out") }
}

@_cdecl("th_event_gesture_get_edge")
public func th_event_gesture_get_edge(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    valueCall(handle, "edge", [.edgePan]) { (g) throws(CallError) in try put(out, Int32(g.values.edge.rawValue), "out") }
}

@_cdecl("th_event_gesture_get_vertex")
public func th_event_gesture_get_vertex(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?
) -> Int32 {
    valueCall(handle, "vertex", [.checkmark]) { (g) throws(CallError) in try putPair(x, y, g.values.vertex) }
}

@_cdecl("th_event_gesture_get_circle")
public func th_event_gesture_get_circle(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?,
    _ radius: UnsafeMutablePointer<Double>?
) -> Int32 {
    valueCall(handle, "circle", [.circle]) { (g) throws(CallError) in
        try put(radius, Double(g.values.radius), "radius")
        try putPair(x, y, g.values.center)
    }
}

@_cdecl("th_event_gesture_get_length")
public func th_event_gesture_get_length(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    valueCall(handle, "length", [.backslash]) { (g) throws(CallError) in try put(out, Double(g.values.length), "out") }
}

@_cdecl("th_event_gesture_get_samples")
public func th_event_gesture_get_samples(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> Int32 {
    valueCall(handle, "samples", [.capture]) { (g) throws(CallError) in try put(out, UInt32(g.values.samples), "out") }
}

@_cdecl("th_event_gesture_get_template")
public func th_event_gesture_get_template(
    _ handle: OpaquePointer?, _ index: UnsafeMutablePointer<UInt32>?, _ name: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ score: UnsafeMutablePointer<Double>?
) -> Int32 {
    gestureCall(handle) { (g, recognizer, template, object) throws(CallError) in
        guard g.kind == .template else {
            throw CallError(.notAvailable, "'\(recognizer)' is a \(kindName(g.kind)) gesture, which carries no template")
        }
        guard let index, let name, let score else { throw CallError(.invalidArgument, "an out-parameter is NULL") }
        index.pointee = UInt32(g.values.templateIndex)
        name.pointee = object.cString(template ?? "")
        score.pointee = Double(g.values.score)
    }
}

// MARK: Status

@_cdecl("th_event_status_get_kind")
public func th_event_status_get_kind(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    statusCall(handle) { (kind, _, _, _) throws(CallError) in try put(out, kind, "out") }
}

@_cdecl("th_event_status_get_count")
public func th_event_status_get_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> Int32 {
    statusCall(handle) { (_, count, _, _) throws(CallError) in try put(out, count, "out") }
}

@_cdecl("th_event_status_get_detail")
public func th_event_status_get_detail(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32 {
    statusCall(handle) { (kind, _, detail, object) throws(CallError) in
        let out = try required(out, "out")
        out.pointee = nil
        guard let detail else { throw CallError(.notAvailable, "this status (kind \(kind)) carries no detail") }
        out.pointee = object.cString(detail)
    }
}
