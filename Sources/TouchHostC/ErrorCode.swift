import Glibc
import TouchHost

/// The values of `th_error` in touchhost.h; the header is the contract and these must match it.
enum ErrorCode: Int32 {
    case ok = 0
    case invalidArgument = -1
    case invalidHandle = -2
    case wrongThread = -3
    case wrongEventType = -4
    case notAvailable = -5
    case again = -6
    case notSupported = -7
    case capacity = -8
    case notFound = -9
    case io = -10
    case disconnected = -11
    case format = -12
    case busy = -13
    case noMemory = -14
    case exists = -15
    case timedOut = -16

    var text: StaticString {
        switch self {
        case .ok: "success"
        case .invalidArgument: "invalid argument"
        case .invalidHandle: "invalid handle"
        case .wrongThread: "called from a thread other than the context's owner"
        case .wrongEventType: "wrong event type for this accessor"
        case .notAvailable: "value not available for this event"
        case .again: "no event waiting"
        case .notSupported: "not supported by this context's source"
        case .capacity: "capacity exhausted"
        case .notFound: "not found"
        case .io: "input/output error"
        case .disconnected: "device disconnected"
        case .format: "malformed input"
        case .busy: "context is running callbacks"
        case .noMemory: "out of memory"
        case .exists: "name already in use"
        case .timedOut: "no answer in time"
        }
    }
}

/// A failed call: the code the caller gets and the message the last-error functions keep.
struct CallError: Error {
    var code: ErrorCode
    /// One line with no control character, whatever it quotes: many messages quote the caller's
    /// own strings (a source, a path, an option, a board name), which may carry escape sequences or
    /// line feeds, and an application logs th_get_last_error to a terminal as it is. Escaped here,
    /// once, with the program's one escaper, for every function and the context's log alike.
    let message: String
    /// The `errno` behind it, for th_get_last_os_error; 0 when there is none.
    var systemError: Int32 = 0

    init(_ code: ErrorCode, _ message: String, systemError: Int32 = 0) {
        self.code = code
        self.message = DisplayText.escaped(message)
        self.systemError = systemError
    }

}

@_cdecl("th_strerror")
public func th_strerror(_ error: Int32) -> UnsafePointer<CChar> {
    guard let code = ErrorCode(rawValue: error) else { return staticText("unknown error") }
    return staticText(code.text)
}

func staticText(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
