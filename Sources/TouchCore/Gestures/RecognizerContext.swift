/// What a recognizer sees of the engine while one of its hooks runs, and what it hands back:
/// the UIGestureRecognizer base-class part of a recognizer, as a value. The engine keeps one per
/// recognizer, fills in time and touches before each hook, and acts on `state`, `deadline` and
/// ignored touches after it.
public struct RecognizerContext: Sendable {
    public typealias Touches = RecognizerTouches

    /// The time of the frame or timer being handled.
    public internal(set) var now: Microseconds = 0
    /// The recognizer's touches with their latest positions. Touches ending in this call are still
    /// listed (with phase `ended` or `cancelled`) and are removed after the hook returns.
    public internal(set) var touches = Touches()
    /// Panel size in mm, for recognizers that care about the edges.
    public internal(set) var panelWidth: Float = 0
    public internal(set) var panelHeight: Float = 0

    /// The state the engine last accepted.
    public internal(set) var currentState: RecognizerState = .possible
    var requestedState: RecognizerState? = nil

    /// Setting the state asks the engine for a transition; reading gives the latest request or,
    /// without one, the current state. Set `.changed` each time a continuous gesture's values
    /// change: every such set sends one `changed` action, as in UIKit.
    public var state: RecognizerState {
        get { requestedState ?? currentState }
        set { requestedState = newValue }
    }

    /// Where the gesture is, mm. The engine sets it to the centroid of `touches` before each hook.
    public var location: PanelPoint = .zero
    /// The touch count an action reports. The engine sets it to `touches.count` before each hook.
    public var reportedTouches: UInt8 = 0
    /// The values the next action carries. Kept between hooks; cleared on reset.
    public var values = GestureValues()
    /// When the engine should call `deadlineReached`; nil for none. Cleared before that call.
    public var deadline: Microseconds? = nil

    /// The touches the running hook gave up, by their position in `touches` (bit k for
    /// `touches[k]`): the engine acts on them as the hook returns, before `touches` changes. Two
    /// bytes where a list of ids took 88 in every recognizer's context.
    var ignoredPositions: UInt16 = 0

    public init() {}

    /// Gives up one touch: the recognizer gets no more calls for it, and it no longer holds back
    /// the touch's delivery to the application or gets cancelled by this recognizer.
    /// A touch that is not among `touches` is not the recognizer's to give up, and is passed over.
    public mutating func ignore(_ touch: TrackedTouch) {
        guard let k = touches.position(of: touch.trackingId) else { return }
        ignoredPositions |= 1 << UInt16(k)
    }

    /// What the engine sets before each hook: the time, and where and how many the touches are.
    mutating func prepare(at time: Microseconds) {
        now = time
        if !touches.isEmpty {
            location = touches.centroid
            reportedTouches = UInt8(touches.count)
        }
    }

    public var centroid: PanelPoint {
        guard !touches.isEmpty else { return location }
        return touches.centroid
    }

    /// The position of one of the recognizer's touches.
    public func touch(_ trackingId: UInt32) -> TrackedTouch? { touches.touch(trackingId) }
}
