import Glibc

/// The frame of every th_context_* function: validate the handle and the thread, refuse
/// re-entry from callbacks, run the body, and keep the message of a failure where both
/// th_context_get_last_error and th_get_last_error find it.
func contextCall(_ handle: OpaquePointer?, _ body: (Context) throws(CallError) -> Void) -> Int32 {
    ThreadCallState.call { uncheckedContextCall(handle, body) }
}

private func uncheckedContextCall(_ handle: OpaquePointer?, _ body: (Context) throws(CallError) -> Void) -> Int32 {
    var context: Context? = nil
    do throws(CallError) {
        let resolved = try HandleRegistry.shared.resolve(handle, as: .context, Context.self)
        context = resolved
        guard !resolved.busy else {
            throw CallError(.busy, "a callback may not call into the context that runs it")
        }
        try body(resolved)
        return ErrorCode.ok.rawValue
    } catch {
        // "No event waiting" is a result, not a failure: it leaves every last error as it was.
        guard error.code != .again else { return error.code.rawValue }
        ThreadLastError.set(error.message, systemError: error.systemError)
        // A context on the wrong thread is not touched at all, its last error included.
        if let context, error.code != .wrongThread { context.record(error) }
        return error.code.rawValue
    }
}

/// Out-parameter checks with the parameter's name in the message.
func required<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: StaticString) throws(CallError) -> UnsafeMutablePointer<T> {
    guard let pointer else { throw CallError(.invalidArgument, "\(name) is NULL") }
    return pointer
}

func requiredString(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) throws(CallError) -> String {
    guard let pointer else { throw CallError(.invalidArgument, "\(name) is NULL") }
    guard strnlen(pointer, 4097) <= 4096 else { throw CallError(.invalidArgument, "\(name) is longer than 4096 bytes") }
    return String(cString: pointer)
}
