/// A run-time failure a command reports in one line and exit status 1: it names the file or port
/// and says what went wrong.
public struct HostFailure: Error, CustomStringConvertible {
    public var message: String
    /// The `errno` behind it, 0 when none (the C API reports it: th_get_last_os_error).
    public var systemError: Int32

    public init(_ message: String, systemError: Int32 = 0) {
        self.message = message
        self.systemError = systemError
    }

    public var description: String { message }
}
