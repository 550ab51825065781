import TouchCore

/// Ends a manual context's pending frame and runs it.
func flushFrame(_ context: Context) {
    guard case .manual(let pending?) = context.source else { return }
    context.source = .manual(pending: nil)
    context.run { context.pipeline?.consume(pending) }
}

/// Times a context accepts: from 0 to 2^53 us (285 years), far from where arithmetic on them
/// could overflow.
let latestTime: Int64 = 1 << 53

private func checkTime(_ time: Int64, after now: Int64) throws(CallError) {
    guard time >= 0, time <= latestTime else {
        throw CallError(.invalidArgument, "time \(time) us is outside 0...\(latestTime)")
    }
    guard time >= now else {
        throw CallError(.invalidArgument, "time \(time) us is before the context's time \(now) us")
    }
}

private func requireManual(_ context: Context, _ function: StaticString) throws(CallError) {
    guard case .manual = context.source else {
        throw CallError(.notSupported, "\(function) needs a context made by th_context_new_manual")
    }
}

@_cdecl("th_context_feed_touch")
public func th_context_feed_touch(
    _ handle: OpaquePointer?, _ contact: Int32, _ state: Int32, _ x: Double, _ y: Double, _ time: Int64
) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        try requireManual(context, "th_context_feed_touch")
        guard contact >= 0, contact <= 255 else { throw CallError(.invalidArgument, "contact \(contact) is outside 0...255") }
        guard state >= 0, state <= 2, let state = ContactState(rawValue: UInt8(state)) else {
            throw CallError(.invalidArgument, "\(state) is not a th_contact_state")
        }
        guard x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6 else {
            throw CallError(.invalidArgument, "position (\(x), \(y)) is not a position in mm")
        }
        try checkTime(time, after: context.now)
        guard case .manual(var frame) = context.source else { return }
        let id = UInt8(contact)
        if let open = frame {
            var repeated = false
            for i in open.contacts.indices where open.contacts[i].controllerId == id { repeated = true }
            if repeated || open.timestamp != time {
                flushFrame(context)
                frame = nil
            }
        }
        var building = frame ?? ContactFrame(timestamp: time, isFull: false)
        guard !building.contacts.isFull else {
            throw CallError(.capacity, "a frame holds at most \(TouchLimits.maxContacts) contacts")
        }
        building.add(ReportedContact(controllerId: id, state: state, position: PanelPoint(x: Float(x), y: Float(y))))
        context.source = .manual(pending: building)
        context.now = time
    }
}

@_cdecl("th_context_feed_sync")
public func th_context_feed_sync(_ handle: OpaquePointer?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        try requireManual(context, "th_context_feed_sync")
        flushFrame(context)
    }
}

@_cdecl("th_context_advance")
public func th_context_advance(_ handle: OpaquePointer?, _ time: Int64) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        try requireManual(context, "th_context_advance")
        try checkTime(time, after: context.now)
        flushFrame(context)
        context.now = time
        context.run { context.pipeline?.advance(to: time) }
    }
}

@_cdecl("th_context_cancel_touches")
public func th_context_cancel_touches(_ handle: OpaquePointer?, _ time: Int64) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        switch context.source {
        case .manual:
            try checkTime(time, after: context.now)
            flushFrame(context)
            context.now = time
            let at = context.now
            context.run { context.pipeline?.cancelAll(at: at) }
        case .device(let device):
            device.cancelTouches(context)
        }
    }
}
