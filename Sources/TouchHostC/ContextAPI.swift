import Glibc
import TouchCore

@_cdecl("th_context_options_init")
public func th_context_options_init(_ options: UnsafeMutableRawPointer?) {
    guard let options else { return }
    ContextOptions.writeDefaults(to: options)
}

/// Registers a new context and hands out its handle.
func publish(_ context: Context, to out: UnsafeMutablePointer<OpaquePointer?>) {
    let handle = HandleRegistry.shared.register(context, kind: .context, owner: context.owner)
    context.handle = handle
    out.pointee = handle
}

func creation(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ body: (UnsafeMutablePointer<OpaquePointer?>) throws(CallError) -> Void) -> Int32 {
    ThreadCallState.call { uncheckedCreation(out, body) }
}

private func uncheckedCreation(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ body: (UnsafeMutablePointer<OpaquePointer?>) throws(CallError) -> Void
) -> Int32 {
    do throws(CallError) {
        let out = try required(out, "out")
        out.pointee = nil
        try body(out)
        return ErrorCode.ok.rawValue
    } catch {
        ThreadLastError.set(error.message, systemError: error.systemError)
        return error.code.rawValue
    }
}

@_cdecl("th_context_new_manual")
public func th_context_new_manual(_ options: UnsafeRawPointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    creation(out) { (out) throws(CallError) in
        let options = try ContextOptions(reading: options)
        let context = try Context(options: options, source: .manual(pending: nil))
        context.makePipeline(tracker: manualTracker(reportRate: options.reportRate))
        publish(context, to: out)
    }
}

@_cdecl("th_context_open")
public func th_context_open(
    _ source: UnsafePointer<CChar>?, _ options: UnsafeRawPointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    creation(out) { (out) throws(CallError) in
        let text = try requiredString(source, "source")
        let options = try ContextOptions(reading: options)
        let context = try DeviceSource.openContext(text, options: options)
        context.updateWake()
        publish(context, to: out)
    }
}

@_cdecl("th_context_destroy")
public func th_context_destroy(_ handle: OpaquePointer?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        HandleRegistry.shared.unregister(handle!)
        context.handle = nil
        if case .device(let device) = context.source { device.close() }
        for (_, table) in context.callbackTables { ThreadCallState.runningCallback { table.destroy?(table.userData) } }
        context.callbackTables.removeAll()
    }
}

@_cdecl("th_context_get_fd")
public func th_context_get_fd(_ handle: OpaquePointer?) -> Int32 {
    var fd: Int32 = -1
    let result = contextCall(handle) { context in fd = context.wake.epoll }
    return result == 0 ? fd : result
}

@_cdecl("th_context_dispatch")
public func th_context_dispatch(_ handle: OpaquePointer?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        switch context.source {
        case .manual:
            flushFrame(context)
        case .device(let device):
            try device.dispatch(context)
        }
        context.updateWake()
    }
}

@_cdecl("th_context_get_event")
public func th_context_get_event(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    out?.pointee = nil
    return contextCall(handle) { (context) throws(CallError) in
        let out = try required(out, "out")
        guard let event = context.dequeue() else {
            context.updateWake()
            throw CallError(.again, "no event waiting")
        }
        context.updateWake()
        out.pointee = HandleRegistry.shared.register(EventObject(event.event, time: event.time), kind: .event, owner: context.owner)
    }
}

@_cdecl("th_context_get_last_error")
public func th_context_get_last_error(_ handle: OpaquePointer?) -> UnsafePointer<CChar> {
    do throws(CallError) {
        let context = try HandleRegistry.shared.resolve(handle, as: .context, Context.self)
        guard let message = context.lastError else { return staticText("") }
        return UnsafePointer(message)
    } catch {
        return error.code == .wrongThread
            ? staticText("th_context_get_last_error: the context belongs to another thread")
            : staticText("th_context_get_last_error: not a live th_context")
    }
}

@_cdecl("th_context_get_os_error")
public func th_context_get_os_error(_ handle: OpaquePointer?) -> Int32 {
    var code: Int32 = 0
    let result = contextCall(handle) { context in code = context.lastSystemError }
    return result == 0 ? code : result
}

@_cdecl("th_context_set_event_mask")
public func th_context_set_event_mask(_ handle: OpaquePointer?, _ mask: UInt32) -> Int32 {
    contextCall(handle) { context in context.eventMask = mask }
}

@_cdecl("th_context_set_log_handler")
public func th_context_set_log_handler(
    _ handle: OpaquePointer?, _ handler: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?, _ user: UnsafeMutableRawPointer?, _ minimum: Int32
) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        guard Context.Priority(rawValue: minimum) != nil else {
            throw CallError(.invalidArgument, "\(minimum) is not a th_log_priority")
        }
        context.logHandler = handler.map { ($0, user, minimum) }
    }
}

@_cdecl("th_context_set_user_data")
public func th_context_set_user_data(_ handle: OpaquePointer?, _ user: UnsafeMutableRawPointer?) -> Int32 {
    contextCall(handle) { context in context.userData = user }
}

@_cdecl("th_context_get_user_data")
public func th_context_get_user_data(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        try required(out, "out").pointee = context.userData
    }
}

/// Settings for touches the application feeds itself: it names its contacts and lifts them
/// explicitly, so ids are trusted and a finger that is not re-fed has not lifted (silence holds
/// touches, no lost-lift gates).
func manualTracker(reportRate: Int) -> TrackerConfiguration {
    TrackerConfiguration.eventDriven(reportRateHz: reportRate)
}
