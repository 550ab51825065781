import Glibc
import TouchCore
import TouchHost

typealias CustomTouchesFn = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeRawPointer?, Int) -> Void
typealias CustomEventFn = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void
typealias CustomDestroyFn = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// A copy of the caller's th_custom_recognizer table and its user data.
final class CallbackTable {
    let began, moved, ended, cancelled: CustomTouchesFn?
    let onDeadline, onReset: CustomEventFn?
    let destroy: CustomDestroyFn?
    let userData: UnsafeMutableRawPointer?
    let owner: ThreadToken

    init(reading p: UnsafeRawPointer, userData: UnsafeMutableRawPointer?, owner: ThreadToken) throws(CallError) {
        typealias L = CLayout.CustomRecognizer
        try CLayout.checkSize(p, atLeast: L.size, "th_custom_recognizer")
        began = p.loadUnaligned(fromByteOffset: L.touchesBegan, as: CustomTouchesFn?.self)
        moved = p.loadUnaligned(fromByteOffset: L.touchesMoved, as: CustomTouchesFn?.self)
        ended = p.loadUnaligned(fromByteOffset: L.touchesEnded, as: CustomTouchesFn?.self)
        cancelled = p.loadUnaligned(fromByteOffset: L.touchesCancelled, as: CustomTouchesFn?.self)
        onDeadline = p.loadUnaligned(fromByteOffset: L.deadlineReached, as: CustomEventFn?.self)
        onReset = p.loadUnaligned(fromByteOffset: L.reset, as: CustomEventFn?.self)
        destroy = p.loadUnaligned(fromByteOffset: L.destroy, as: CustomDestroyFn?.self)
        self.userData = userData
        self.owner = owner
    }

    /// Runs one callback with a th_custom_context handle that lives exactly as long as the call.
    func withScope(_ context: inout RecognizerContext, _ body: (OpaquePointer) -> Void) {
        withUnsafeMutablePointer(to: &context) { pointer in
            let scope = CustomScope(pointer)
            let handle = HandleRegistry.shared.register(scope, kind: .customContext, owner: owner)
            defer {
                scope.context = nil
                HandleRegistry.shared.unregister(handle)
            }
            ThreadCallState.runningCallback { body(handle) }
        }
    }

    func call(_ fn: CustomTouchesFn, _ touches: TouchSet, _ context: inout RecognizerContext) {
        let count = touches.count
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1) * CLayout.Touch.size, alignment: 8)
        defer { buffer.deallocate() }
        for i in touches.indices { writeTouch(touches[i], to: buffer + i * CLayout.Touch.size) }
        withScope(&context) { handle in fn(userData, handle, UnsafeRawPointer(buffer), count) }
    }
}

/// What a th_custom_context handle stands for: the recognizer's context during one callback.
final class CustomScope {
    var context: UnsafeMutablePointer<RecognizerContext>?
    init(_ context: UnsafeMutablePointer<RecognizerContext>) { self.context = context }
}

/// A recognizer whose hooks are the C callbacks of a table: TouchHost's engine runs it as a
/// client recognizer.
extension CallbackTable: ClientRecognizerHooks {
    func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        guard let fn = began else {
            context.state = .failed
            return
        }
        call(fn, touches, &context)
    }

    func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        if let fn = moved { call(fn, touches, &context) }
    }

    func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        if let fn = ended { call(fn, touches, &context) }
    }

    func touchesCancelled(_ touches: TouchSet, context: inout RecognizerContext) {
        guard let fn = cancelled else {
            context.state = context.currentState.isActive ? .cancelled : .failed
            return
        }
        call(fn, touches, &context)
    }

    func deadlineReached(context: inout RecognizerContext) {
        guard let fn = onDeadline else { return }
        withScope(&context) { handle in fn(userData, handle) }
    }

    func reset() {
        // reset gets a handle too, for symmetry, but there is no context to read: a scratch one.
        guard let fn = onReset else { return }
        var scratch = RecognizerContext()
        withScope(&scratch) { handle in fn(userData, handle) }
    }
}

// MARK: - th_custom_*

private func withScope(_ handle: OpaquePointer?, _ body: (inout RecognizerContext) throws(CallError) -> Void) -> Int32 {
    do throws(CallError) {
        let scope = try HandleRegistry.shared.resolve(handle, as: .customContext, CustomScope.self)
        guard let context = scope.context else { throw CallError(.invalidHandle, "th_custom_context used after its callback") }
        try body(&context.pointee)
        return ErrorCode.ok.rawValue
    } catch {
        ThreadLastError.set(error.message)
        return error.code.rawValue
    }
}

@_cdecl("th_custom_get_time")
public func th_custom_get_time(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withScope(handle) { (context) throws(CallError) in
        guard let out else { throw CallError(.invalidArgument, "out is NULL") }
        out.pointee = context.now
    }
}

@_cdecl("th_custom_get_state")
public func th_custom_get_state(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withScope(handle) { (context) throws(CallError) in
        guard let out else { throw CallError(.invalidArgument, "out is NULL") }
        out.pointee = Int32(context.state.rawValue)
    }
}

@_cdecl("th_custom_set_state")
public func th_custom_set_state(_ handle: OpaquePointer?, _ state: Int32) -> Int32 {
    withScope(handle) { (context) throws(CallError) in
        guard state >= 0, state <= 255, let value = RecognizerState(rawValue: UInt8(state)) else {
            throw CallError(.invalidArgument, "\(state) is not a th_recognizer_state")
        }
        context.state = value
    }
}

@_cdecl("th_custom_set_deadline")
public func th_custom_set_deadline(_ handle: OpaquePointer?, _ time: Int64) -> Int32 {
    withScope(handle) { (context) throws(CallError) in
        context.deadline = time < 0 ? nil : time
    }
}

@_cdecl("th_custom_set_values")
public func th_custom_set_values(_ handle: OpaquePointer?, _ values: UnsafeRawPointer?) -> Int32 {
    withScope(handle) { (context) throws(CallError) in
        guard let values else { throw CallError(.invalidArgument, "values is NULL") }
        try CLayout.checkSize(values, atLeast: CLayout.GestureValues.size, "th_gesture_values")
        context.values = try GestureValuesLayout.read(values)
    }
}

@_cdecl("th_custom_ignore_touch")
public func th_custom_ignore_touch(_ handle: OpaquePointer?, _ id: UInt32) -> Int32 {
    withScope(handle) { (context) throws(CallError) in
        guard let touch = context.touch(id) else {
            throw CallError(.notFound, "touch \(id) is not one of this recognizer's touches")
        }
        context.ignore(touch)
    }
}

@_cdecl("th_custom_get_touch_count")
public func th_custom_get_touch_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> Int32 {
    withScope(handle) { (context) throws(CallError) in
        guard let out else { throw CallError(.invalidArgument, "out is NULL") }
        out.pointee = context.touches.count
    }
}

@_cdecl("th_custom_get_touch")
public func th_custom_get_touch(_ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutableRawPointer?) -> Int32 {
    withScope(handle) { (context) throws(CallError) in
        guard let out else { throw CallError(.invalidArgument, "out is NULL") }
        guard index >= 0, index < context.touches.count else {
            throw CallError(.invalidArgument, "touch index \(index) is outside 0..<\(context.touches.count)")
        }
        writeTouch(context.touches[index], to: out)
    }
}

@_cdecl("th_custom_recognizer_init")
public func th_custom_recognizer_init(_ callbacks: UnsafeMutableRawPointer?) {
    guard let callbacks else { return }
    callbacks.initializeMemory(as: UInt8.self, repeating: 0, count: CLayout.CustomRecognizer.size)
    callbacks.set(0, UInt32(CLayout.CustomRecognizer.size))
}
