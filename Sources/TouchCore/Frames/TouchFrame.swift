/// The phase of a tracked touch within one frame, as in the JSON stream's `phase`.
public enum TouchPhase: UInt8, Sendable {
    case began = 0
    case moved = 1
    case stationary = 2
    case ended = 3
    case cancelled = 4

    public var isTerminal: Bool { self == .ended || self == .cancelled }
}

/// A touch with a host identity: the tracker's output and the recognizers' input.
///
/// The fields are declared widest first: Swift lays a struct out in declaration order, and this
/// order packs a touch into 48 bytes instead of 56. Engines, frames and recognizers hold hundreds.
public struct TrackedTouch: Equatable, Sendable {
    public var startTime: Microseconds
    public var position: PanelPoint
    /// Where the touch went down, for whole-gesture values measured from touch-down.
    public var startPosition: PanelPoint
    /// The contact's ellipse, as last reported (`ContactShape.unknown` when the source has none).
    public var shape: ContactShape = .unknown
    /// Unique for the session and never reused.
    public var trackingId: UInt32
    public var amplitude: UInt16
    /// The slot (as in Linux multitouch protocol B) the touch occupies while it is live.
    public var slot: UInt8
    public var phase: TouchPhase
    /// A palm passed through (`PalmPolicy.report`); suppressed palms never become touches.
    public var isPalm = false

    public init(
        trackingId: UInt32, slot: UInt8, phase: TouchPhase, position: PanelPoint,
        startPosition: PanelPoint, startTime: Microseconds, amplitude: UInt16 = 0
    ) {
        self.trackingId = trackingId
        self.slot = slot
        self.phase = phase
        self.position = position
        self.startPosition = startPosition
        self.startTime = startTime
        self.amplitude = amplitude
    }

    public static let placeholder = TrackedTouch(
        trackingId: 0, slot: 0, phase: .cancelled, position: .zero, startPosition: .zero, startTime: 0)
}

/// Every touch that is live or changed phase at one moment. A touch appears with `ended` or
/// `cancelled` exactly once, in the last frame it belongs to.
public struct TouchFrame: Sendable {
    public typealias Touches = InlineList<20, TrackedTouch>

    public var timestamp: Microseconds
    public var touches: Touches

    public init(timestamp: Microseconds) {
        self.timestamp = timestamp
        self.touches = Touches(filler: .placeholder)
    }

    /// Touches that began here less those that ended or were cancelled: how the count of live
    /// touches changes with this frame. Not inlinable, so it reads the list through its span in
    /// this module on every target: in a client module the host copied the whole list (1.1 KB) for
    /// each element read through the subscript, and the Embedded build for the span.
    public mutating func liveTouchChange() -> Int {
        let list = touches.elements
        var change = 0
        for index in list.indices {
            switch list[index].phase {
            case .began: change += 1
            case .ended, .cancelled: change -= 1
            case .moved, .stationary: break
            }
        }
        return change
    }
}
