/// The first finger's stroke and the template library, kept once per engine and read by every
/// stroke recognizer. The stroke recognizers all follow the first finger of a touch sequence, so
/// one buffer sampled once per frame serves them all: a 256-sample buffer in each recognizer slot
/// would be copied into every slot of the engine (slots are as large as the largest built-in).
public struct SharedStroke: Sendable {
    /// The followed finger's samples: capturing while it is down, committed at its lift (and kept
    /// until the next first finger lands), discarded when it is cancelled.
    public private(set) var capture = StrokeCapture()
    /// The tracking id of the finger the stroke follows (the last one, after the lift).
    public private(set) var followed: UInt32? = nil
    /// Templates for template recognizers, each owned by the recognizer it was registered on.
    public internal(set) var templates = TemplateLibrary()
    var templateOwners = InlineArray<32, UInt8>(repeating: 0)

    public init() {}

    public var samples: StrokeBuffer { capture.stroke }

    /// Whether `trackingId`'s stroke is the one held here.
    public func follows(_ trackingId: UInt32?) -> Bool { trackingId != nil && followed == trackingId }

    /// The recognizer a template was registered on.
    public func owner(ofTemplate index: Int) -> RecognizerIndex { RecognizerIndex(templateOwners[index]) }

    /// Takes the frame's sample of the followed finger, or starts following a finger that lands
    /// while none is followed. O(touches in the frame), plus a bounded halving when the buffer fills.
    mutating func record(_ touches: TouchSpan, at timestamp: Microseconds) {
        for i in touches.indices {
            let touch = touches[i]
            let sample = StrokeSample(position: touch.position, time: timestamp)
            if capture.state == .capturing {
                guard touch.trackingId == followed else { continue }
                switch touch.phase {
                case .began, .moved, .stationary: capture.move(sample)
                case .ended: _ = capture.end(sample)
                case .cancelled: capture.cancel()
                }
            } else if touch.phase == .began {
                followed = touch.trackingId
                capture.begin(sample)
            }
        }
    }

    /// As `init()` leaves it (`GestureEngine.clear`): no stroke, nothing followed, no templates.
    mutating func clear() {
        capture = StrokeCapture()
        followed = nil
        // Emptied in place: a fresh library would be an 18 KB temporary.
        templates.removeAll()
        templates.minimumScore = 0  // `TemplateLibrary()`'s
        templateOwners = InlineArray(repeating: 0)
    }

    /// A cancel of every touch (`cancelAll`) throws the stroke away.
    mutating func discard() { capture.cancel() }

    mutating func addTemplate(_ example: StrokeBuffer, label: UInt8, owner: RecognizerIndex) -> Int? {
        guard let index = templates.register(example, label: label) else { return nil }
        templateOwners[index] = owner.rawValue
        return index
    }
}
