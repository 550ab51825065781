import TouchCore

/// What the pipeline hands its sinks: one touch, one gesture action or one status, in time order.
public enum HostEvent: Equatable, Sendable {
    case touch(TrackedTouch, at: Microseconds)
    case gesture(GestureEvent)
    case status(StatusEvent)

    public var time: Microseconds {
        switch self {
        case .touch(_, let time): time
        case .gesture(let event): event.timestamp
        case .status(let event): event.timestamp
        }
    }
}
