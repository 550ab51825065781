/// A run-time failure a command reports in one line and exit status 1: it names the file or port
/// and says what went wrong.
public struct HostFailure: Error, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
