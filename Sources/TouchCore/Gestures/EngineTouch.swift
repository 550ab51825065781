/// The engine's memory of one touch: where it belongs, which recognizers analyse it, and how far its
/// delivery to the application has got.
struct EngineTouch: Sendable {
    enum Delivery: UInt8, Sendable {
        /// New in this frame; not decided yet.
        case unsent
        /// Its beginning is held back by a recognizer that delays touches began.
        case beganHeld
        /// The application has it.
        case open
        /// It has ended, and its end is held back by a recognizer that delays touches ended.
        case endHeld
        /// Nothing more goes to the application: ended, cancelled, or taken by a recognizer.
        case closed
    }

    // Declared widest first. The whole touch as the last frame had it: the recognizers' touches
    // are read from here (`RecognizerTouches`), not copied into each of them.
    var touch: TrackedTouch
    /// Recognizers that received its beginning, have not ignored it and have not reset since.
    var receivers: UInt32 = 0
    var region: RegionIndex
    var delivery: Delivery = .unsent
    /// Where the touch is in the frame being run, `notInFrame` when that frame does not carry it:
    /// a recognizer finds its touches of a phase through its own list, not by searching the frame.
    var framePosition: UInt8

    static let notInFrame: UInt8 = .max

    /// It has not ended or been cancelled: the last phase a frame gave it is not terminal.
    var isLive: Bool { !touch.phase.isTerminal }
    /// How it lifted, once it is no longer live.
    var endPhase: TouchPhase { touch.phase }

    var position: PanelPoint { touch.position }
    var startPosition: PanelPoint { touch.startPosition }
    var trackingId: UInt32 { touch.trackingId }

    static let placeholder = EngineTouch(touch: .placeholder, region: .root, framePosition: notInFrame)
}

typealias EngineTouchList = InlineList<32, EngineTouch>

extension EngineTouchList {
    /// `mutating` only so that the engine's list is searched where it lies: a non-mutating method
    /// got a copy of the whole list (1152 bytes on the Cortex-M4) at every call.
    @inline(__always)
    mutating func position(of trackingId: UInt32) -> Int? {
        let touches = elements
        for i in touches.indices where touches[i].trackingId == trackingId { return i }
        return nil
    }
}
