import Glibc

/// Why a link failed, in one line that names the port: `/dev/ttyUSB0: no such port`.
public struct LinkError: Error, CustomStringConvertible, Equatable {
    public enum Cause: Equatable, Sendable {
        case missing
        case busy
        case permissionDenied
        case disconnected
        case timedOut
        /// The far end stopped reading: `waiting` bytes could not be sent.
        case notReading(waiting: Int)
        /// What the user named is not something a link can open (a file, a directory, a bad option).
        case invalid(String)
        case other(String)
    }

    public var port: String
    public var cause: Cause
    /// The `errno` of the failed system call behind it; 0 when there was none (a closed
    /// connection, a refused file). Not part of equality: the words are.
    public var systemError: Int32 = 0

    public init(port: String, cause: Cause) {
        self.port = port
        self.cause = cause
    }

    public static func == (a: LinkError, b: LinkError) -> Bool { a.port == b.port && a.cause == b.cause }

    /// The cause of a failed system call, from `errno`.
    public init(port: String, errno code: Int32, doing action: String? = nil) {
        self.port = port
        systemError = code
        switch code {
        case ENOENT, ENODEV, ENXIO: cause = .missing
        case EBUSY, EWOULDBLOCK: cause = .busy
        case EACCES, EPERM: cause = .permissionDenied
        case EIO, EPIPE, ECONNRESET, EBADF: cause = .disconnected
        case ECONNREFUSED: cause = .other("connection refused")
        default:
            let text = String(cString: strerror(code)).lowercased()
            cause = .other(action.map { "\($0): \(text)" } ?? text)
        }
    }

    public var description: String { "\(port): \(reason)" }

    /// The cause in words, without the port: `the device went away`.
    public var reason: String {
        switch cause {
        case .missing: "no such port"
        case .busy: "port is busy (another program has it open)"
        case .permissionDenied: "permission denied (is your user in the dialout group?)"
        case .disconnected: "the device went away"
        case .timedOut: "timed out"
        case .notReading(let waiting): "the device stopped reading (\(waiting) bytes could not be sent)"
        case .invalid(let text), .other(let text): text
        }
    }
}
