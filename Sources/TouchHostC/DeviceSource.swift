import Glibc
import TouchCore

/// A context's device: a link to a controller, or a recording replayed in virtual time.
final class DeviceSource {
    var currentTime: Microseconds { 0 }

    static func openContext(_ text: String, options: ContextOptions) throws(CallError) -> Context {
        throw CallError(.notSupported, "device sources are not in this build yet ('\(text)')")
    }

    func dispatch(_ context: Context) throws(CallError) {}

    func close() {}
}

extension DeviceSource {
    func writeInfo(to p: UnsafeMutableRawPointer) throws(CallError) {
        throw CallError(.again, "the device has not described itself yet")
    }

    func send(_ command: HostCommand) throws(CallError) {
        throw CallError(.notSupported, "this source takes no commands")
    }
}
