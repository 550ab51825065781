import Glibc
import TouchCore
import TouchHost

/// One entry of a context's queue; the payload of a th_event.
enum QueuedEvent {
    case touch(TrackedTouch, at: Microseconds, screen: ScreenPlacement? = nil)
    /// `region` is the region's number (th_region) when the touch was delivered.
    case regionTouch(TouchDelivery, region: Int32)
    /// `name` is the recognizer's name; `template` the template's, for template gestures;
    /// `number` the recognizer's number (th_recognizer) when it acted.
    case gesture(GestureEvent, name: String, template: String?, screen: ScreenPlacement? = nil, number: Int32)
    /// `detail` names the port and the cause of a `disconnected` status.
    case status(StatusEvent, detail: String?)
    /// No controller described itself on a newly opened port (TH_STATUS_NO_ANSWER, C only).
    case noAnswer(detail: String, at: Microseconds)
    /// The queue overflowed; a status with a kind TouchCore does not have.
    case queueOverflow(count: UInt32, at: Microseconds)

    /// th_event_type values.
    var typeCode: Int32 {
        switch self {
        case .touch: 1
        case .gesture: 2
        case .status, .queueOverflow, .noAnswer: 3
        case .regionTouch: 4
        }
    }

    var time: Microseconds {
        switch self {
        case .touch(_, let at, _): at
        case .regionTouch(let d, _): d.timestamp
        case .gesture(let g, _, _, _, _): g.timestamp
        case .status(let s, _): s.timestamp
        case .queueOverflow(_, let at): at
        case .noAnswer(_, let at): at
        }
    }
}

/// A queued event and the time th_event_get_time gives it.
struct StampedEvent {
    var event: QueuedEvent
    var time: Microseconds
}

/// What a th_event handle stands for. C strings handed out by accessors live here until release.
final class EventObject {
    let event: QueuedEvent
    /// CLOCK_MONOTONIC µs for a live device; the input's own time for replays and manual contexts.
    let time: Microseconds
    private var cStrings: [UnsafeMutablePointer<CChar>] = []

    init(_ event: QueuedEvent, time: Microseconds) {
        self.event = event
        self.time = time
    }

    func cString(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        cStrings.append(copy)
        return UnsafePointer(copy)
    }

    deinit { for s in cStrings { free(s) } }
}
