import TouchCore

/// What the pipeline hands its sinks: one touch, one gesture action or one status, in time order.
public enum HostEvent: Equatable, Sendable {
    case touch(TrackedTouch, at: Microseconds)
    case gesture(GestureEvent)
    case status(StatusEvent)

    /// The same event at another time.
    public func retimed(_ time: Microseconds) -> HostEvent {
        switch self {
        case .touch(let touch, _): return .touch(touch, at: time)
        case .gesture(var event):
            event.timestamp = time
            return .gesture(event)
        case .status(var event):
            event.timestamp = time
            return .status(event)
        }
    }

    public var time: Microseconds {
        switch self {
        case .touch(_, let time): time
        case .gesture(let event): event.timestamp
        case .status(let event): event.timestamp
        }
    }
}
