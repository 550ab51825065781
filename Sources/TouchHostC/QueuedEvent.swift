import Glibc
import TouchCore
import TouchHost

/// One entry of a context's queue; the payload of a th_event.
enum QueuedEvent {
    case touch(TrackedTouch, at: Microseconds, screen: ScreenPlacement? = nil)
    case regionTouch(TouchDelivery)
    /// `name` is the recognizer's name; `template` the template's, for template gestures.
    case gesture(GestureEvent, name: String, template: String?, screen: ScreenPlacement? = nil)
    case status(StatusEvent)
    /// The queue overflowed; a status with a kind TouchCore does not have.
    case queueOverflow(count: UInt32, at: Microseconds)

    /// th_event_type values.
    var typeCode: Int32 {
        switch self {
        case .touch: 1
        case .gesture: 2
        case .status, .queueOverflow: 3
        case .regionTouch: 4
        }
    }

    var time: Microseconds {
        switch self {
        case .touch(_, let at, _): at
        case .regionTouch(let d): d.timestamp
        case .gesture(let g, _, _, _): g.timestamp
        case .status(let s): s.timestamp
        case .queueOverflow(_, let at): at
        }
    }
}

/// What a th_event handle stands for. C strings handed out by accessors live here until release.
final class EventObject {
    let event: QueuedEvent
    private var cStrings: [UnsafeMutablePointer<CChar>] = []

    init(_ event: QueuedEvent) { self.event = event }

    func cString(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        cStrings.append(copy)
        return UnsafePointer(copy)
    }

    deinit { for s in cStrings { free(s) } }
}
