/// Something the user should know about the input itself rather than the touches on it.
public enum StatusKind: UInt8, Sendable {
    /// Sequence numbers jumped: `count` reports never arrived.
    case framesLost = 0
    /// The frame decoder skipped `count` bytes to find the next frame.
    case resync = 1
    /// The controller restarted (a reset status or a sequence restart); live touches were cancelled.
    case deviceReset = 2
    case disconnected = 3
    case reconnected = 4
    /// `count` contacts beyond capacity were dropped.
    case overflow = 5
    /// `count` duplicate contacts (the same controller id twice in one frame) were ignored.
    case duplicateContact = 6
    /// Reports stopped with `count` touches down for the report timeout: a stalled streaming
    /// controller's touches were cancelled, a legacy protocol's ended (`SilenceRule`).
    case reportTimeout = 7
    /// The controller re-measured its baseline.
    case recalibrated = 8
    /// `count` messages carried values the device could not mean (a position or value that is not
    /// a finite number in range) and were ignored.
    case rejected = 9
    /// A palm came down at `position` (`PalmGate`): suppressed, or passed through flagged.
    case palmBegan = 10
    /// The palm that came down at `position` lifted.
    case palmEnded = 11
}

public struct StatusEvent: Equatable, Sendable {
    public var kind: StatusKind
    public var timestamp: Microseconds
    public var count: UInt32
    /// Where it happened, for statuses about a place on the panel (a palm); zero otherwise.
    public var position: PanelPoint

    public init(kind: StatusKind, timestamp: Microseconds, count: UInt32 = 0, position: PanelPoint = .zero) {
        self.kind = kind
        self.timestamp = timestamp
        self.count = count
        self.position = position
    }

    public static let placeholder = StatusEvent(kind: .resync, timestamp: 0)
}

public typealias StatusList = InlineList<8, StatusEvent>
public typealias GestureEventList = InlineList<32, GestureEvent>
