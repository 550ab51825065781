import CTouchHostHeader
import Glibc
import TouchHost

/// The values of `th_error`, each the header's own constant (the CTouchHostHeader module).
enum ErrorCode: CaseIterable {
    case ok, invalidArgument, invalidHandle, wrongThread, wrongEventType, notAvailable, again, notSupported
    case capacity, notFound, io, disconnected, format, busy, noMemory, exists, timedOut

    /// The th_error a caller gets.
    var rawValue: Int32 {
        let value: th_error
        switch self {
        case .ok: value = TH_OK
        case .invalidArgument: value = TH_ERR_INVALID_ARGUMENT
        case .invalidHandle: value = TH_ERR_INVALID_HANDLE
        case .wrongThread: value = TH_ERR_WRONG_THREAD
        case .wrongEventType: value = TH_ERR_WRONG_EVENT_TYPE
        case .notAvailable: value = TH_ERR_NOT_AVAILABLE
        case .again: value = TH_ERR_AGAIN
        case .notSupported: value = TH_ERR_NOT_SUPPORTED
        case .capacity: value = TH_ERR_CAPACITY
        case .notFound: value = TH_ERR_NOT_FOUND
        case .io: value = TH_ERR_IO
        case .disconnected: value = TH_ERR_DISCONNECTED
        case .format: value = TH_ERR_FORMAT
        case .busy: value = TH_ERR_BUSY
        case .noMemory: value = TH_ERR_NO_MEMORY
        case .exists: value = TH_ERR_EXISTS
        case .timedOut: value = TH_ERR_TIMED_OUT
        }
        return Int32(value.rawValue)
    }

    init?(rawValue: Int32) {
        guard let code = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = code
    }

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
