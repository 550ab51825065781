/// The kinds of gesture the core recognizes; `custom` covers recognizers users write themselves.
public enum GestureKind: UInt8, Sendable {
    case tap = 0
    case longPress = 1
    case pan = 2
    case swipe = 3
    case pinch = 4
    case rotation = 5
    case edgePan = 6
    case checkmark = 7
    case circle = 8
    case backslash = 9
    case capture = 10
    case template = 11
    case custom = 12
}

/// The states that send an action. `possible` and `failed` never reach an event.
public enum GestureActionState: UInt8, Sendable {
    case began = 0
    case changed = 1
    case ended = 2
    case cancelled = 3
    case recognized = 4
}

public enum SwipeDirection: UInt8, Sendable {
    case right = 1
    case left = 2
    case up = 4
    case down = 8
}

public enum ScreenEdge: UInt8, Sendable {
    case top = 1
    case left = 2
    case bottom = 4
    case right = 8
}

/// The values a gesture reports. One flat record rather than a payload per kind: it is plain data
/// that crosses the C ABI and the wire unchanged, and each kind fills the fields the JSON contract
/// lists for it (contracts.md section 3).
public struct GestureValues: Equatable, Sendable {
    // Widest fields first (Swift keeps declaration order): 72 bytes instead of 80, in every event
    // list and recognizer context.
    public var duration: Microseconds = 0
    /// Centroid movement since the touches went down, mm.
    public var translation: PanelPoint = .zero
    /// mm/s for pan-like gestures.
    public var velocity: PanelPoint = .zero
    public var vertex: PanelPoint = .zero
    public var center: PanelPoint = .zero
    public var scale: Float = 1
    /// scale/s for pinch, rad/s for rotation.
    public var scalarVelocity: Float = 0
    /// Radians, clockwise on screen positive.
    public var rotation: Float = 0
    public var radius: Float = 0
    public var length: Float = 0
    public var score: Float = 0
    public var samples: UInt16 = 0
    public var taps: UInt8 = 0
    public var templateIndex: UInt8 = 0
    public var direction: SwipeDirection = .right
    public var edge: ScreenEdge = .left

    public init() {}
}

/// One action of one recognizer.
public struct GestureEvent: Equatable, Sendable {
    // Widest fields first, as in `GestureValues`: 96 bytes instead of 112.
    public var timestamp: Microseconds
    public var values: GestureValues
    /// The centroid of the gesture's touches, mm.
    public var location: PanelPoint
    /// The recognizer's index in its engine; the host maps it to the recognizer's name.
    public var recognizer: UInt8
    public var kind: GestureKind
    public var state: GestureActionState
    public var touches: UInt8

    public init(
        recognizer: UInt8, kind: GestureKind, state: GestureActionState, timestamp: Microseconds,
        location: PanelPoint, touches: UInt8, values: GestureValues = GestureValues()
    ) {
        self.recognizer = recognizer
        self.kind = kind
        self.state = state
        self.timestamp = timestamp
        self.location = location
        self.touches = touches
        self.values = values
    }

    public static let placeholder = GestureEvent(
        recognizer: 0, kind: .custom, state: .cancelled, timestamp: 0, location: .zero, touches: 0)
}
