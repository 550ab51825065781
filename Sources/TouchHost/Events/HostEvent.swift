import TouchCore

/// What the pipeline hands its sinks: one touch, one gesture action or one status, in time order.
/// With a screen set (`--screen`, contracts.md section 5), touches and gestures also carry where
/// they lie on the screen; without one, `screen` is nil.
public enum HostEvent: Equatable, Sendable {
    case touch(TrackedTouch, at: Microseconds, screen: ScreenPlacement? = nil)
    case gesture(GestureEvent, screen: ScreenPlacement? = nil)
    case status(StatusEvent)

    /// The same event at another time.
    public func retimed(_ time: Microseconds) -> HostEvent {
        switch self {
        case .touch(let touch, _, let screen): return .touch(touch, at: time, screen: screen)
        case .gesture(var event, let screen):
            event.timestamp = time
            return .gesture(event, screen: screen)
        case .status(var event):
            event.timestamp = time
            return .status(event)
        }
    }

    public var time: Microseconds {
        switch self {
        case .touch(_, let time, _): time
        case .gesture(let event, _): event.timestamp
        case .status(let event): event.timestamp
        }
    }

    /// Where the event lies on the screen, when a screen is set.
    public var screen: ScreenPlacement? {
        switch self {
        case .touch(_, _, let screen): screen
        case .gesture(_, let screen): screen
        case .status: nil
        }
    }
}
