import TouchHost

// Recording from C (since 0.3): the live link's traffic as a `.threc` file, through TouchHost's
// `RecordingLink`, the writer `touchhost record` uses, so `touchhost replay FILE` plays it.

/// The device of a context that has one; manual contexts have nothing to record.
private func recordableSource(_ context: Context) throws(CallError) -> DeviceSource {
    guard case .device(let device) = context.source else {
        throw CallError(.notSupported, "a manual context has no link to record (its input is the application's own)")
    }
    return device
}

@_cdecl("th_context_start_recording")
public func th_context_start_recording(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let path = try requiredString(path, "path")
        guard !path.isEmpty else { throw CallError(.invalidArgument, "path is empty") }
        try recordableSource(context).startRecording(to: path, context)
    }
}

@_cdecl("th_context_stop_recording")
public func th_context_stop_recording(_ handle: OpaquePointer?, _ bytes: UnsafeMutablePointer<UInt64>?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let count = try recordableSource(context).stopRecording()
        bytes?.pointee = UInt64(count)
    }
}

@_cdecl("th_context_get_recording_status")
public func th_context_get_recording_status(_ handle: OpaquePointer?, _ bytes: UnsafeMutablePointer<UInt64>?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let count = try recordableSource(context).recordingStatus()
        bytes?.pointee = UInt64(count)
    }
}
