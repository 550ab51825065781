import TouchCore

@_cdecl("th_context_get_device_info")
public func th_context_get_device_info(_ handle: OpaquePointer?, _ info: UnsafeMutableRawPointer?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        guard let info else { throw CallError(.invalidArgument, "info is NULL") }
        try CLayout.checkSize(UnsafeRawPointer(info), atLeast: CLayout.DeviceInfo.size, "th_device_info")
        guard case .device(let device) = context.source else {
            throw CallError(.notSupported, "a manual context has no device")
        }
        try device.writeInfo(to: info)
    }
}

@_cdecl("th_context_send_command")
public func th_context_send_command(_ handle: OpaquePointer?, _ command: Int32, _ argument: Int64) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let host: HostCommand
        switch command {
        case 1: host = .getInfo
        case 2: host = .reset
        case 3: host = .recalibrate
        case 4:
            guard argument >= 1, argument <= 65535 else { throw CallError(.invalidArgument, "report rate \(argument) is outside 1...65535") }
            host = .setReportRate(UInt16(argument))
        case 5:
            guard argument >= 0, argument <= 255, let mode = ReportMode(rawValue: UInt8(argument)) else {
                throw CallError(.invalidArgument, "\(argument) is not a report mode (1 contacts, 2 heatmap, 3 both, 4 gestures)")
            }
            host = .setMode(mode)
        default:
            throw CallError(.invalidArgument, "\(command) is not a th_command")
        }
        guard case .device(let device) = context.source else {
            throw CallError(.notSupported, "a manual context has no device to command")
        }
        try device.send(host)
    }
}
