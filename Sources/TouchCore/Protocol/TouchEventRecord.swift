/// A tracked touch at one moment, as the bridge link sends it downstream.
public struct TouchEventRecord: Equatable, Sendable {
    public var timestamp: Microseconds
    public var touch: TrackedTouch

    public init(timestamp: Microseconds, touch: TrackedTouch) {
        self.timestamp = timestamp
        self.touch = touch
    }
}
