import TouchCore

// Contact shape and palms (since 0.3; docs/ghosts.md): the ellipse a touch event carries, whether
// it is a palm passed through, and where a palm status happened.

private func trackedTouchCall(_ handle: OpaquePointer?, _ body: (TrackedTouch) throws(CallError) -> Void) -> Int32 {
    eventCall(handle) { (object) throws(CallError) in
        switch object.event {
        case .touch(let touch, _, _): try body(touch)
        case .regionTouch: throw CallError(.notAvailable, "region touches carry no shape")
        default: throw CallError(.wrongEventType, "a touch accessor was called on an event that is not a touch")
        }
    }
}

@_cdecl("th_context_set_palms")
public func th_context_set_palms(_ handle: OpaquePointer?, _ policy: Int32) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        guard policy >= 0, policy <= Int32(UInt8.max), let chosen = PalmPolicy(rawValue: UInt8(policy)) else {
            throw CallError(.invalidArgument, "\(policy) is not a th_palms")
        }
        context.palms = chosen
    }
}

@_cdecl("th_event_touch_get_shape")
public func th_event_touch_get_shape(
    _ handle: OpaquePointer?, _ major: UnsafeMutablePointer<Double>?, _ minor: UnsafeMutablePointer<Double>?,
    _ orientation: UnsafeMutablePointer<Double>?
) -> Int32 {
    trackedTouchCall(handle) { (touch) throws(CallError) in
        guard let major, let minor, let orientation else { throw CallError(.invalidArgument, "an out-parameter is NULL") }
        guard touch.shape.isKnown else { throw CallError(.notAvailable, "the source reports no contact shape") }
        major.pointee = Double(touch.shape.major)
        minor.pointee = Double(touch.shape.minor)
        orientation.pointee = Double(touch.shape.orientation)
    }
}

@_cdecl("th_event_touch_get_palm")
public func th_event_touch_get_palm(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    trackedTouchCall(handle) { (touch) throws(CallError) in
        guard let out else { throw CallError(.invalidArgument, "out is NULL") }
        out.pointee = touch.isPalm ? 1 : 0
    }
}

@_cdecl("th_event_status_get_position")
public func th_event_status_get_position(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?
) -> Int32 {
    eventCall(handle) { (object) throws(CallError) in
        guard case .status(let status, _) = object.event else {
            throw CallError(.wrongEventType, "a status accessor was called on an event that is not a status")
        }
        guard status.kind == .palmBegan || status.kind == .palmEnded else {
            throw CallError(.notAvailable, "only palm statuses carry a position")
        }
        guard let x, let y else { throw CallError(.invalidArgument, "an out-parameter is NULL") }
        x.pointee = Double(status.position.x)
        y.pointee = Double(status.position.y)
    }
}
