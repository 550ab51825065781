/// The first finger's stroke, kept once per engine and read by every stroke recognizer, with the
/// engine's best template match for it once it is committed. The stroke recognizers all follow the first finger of a touch sequence, so
/// one buffer sampled once per frame serves them all: a 256-sample buffer in each recognizer slot
/// would be copied into every slot of the engine (slots are as large as the largest built-in).
public struct SharedStroke: Sendable {
    /// The followed finger's samples: capturing while it is down, committed at its lift (and kept
    /// until the next first finger lands), discarded when it is cancelled.
    public private(set) var capture = StrokeCapture()
    /// The tracking id of the finger the stroke follows (the last one, after the lift).
    public private(set) var followed: UInt32? = nil
    /// The best of the engine's templates for the committed stroke (nil while capturing, or
    /// when none matched): found once at the lift by the engine, which keeps the templates
    /// (`CustomRecognizer.Templates`), and read by every template recognizer.
    public internal(set) var templateMatch: OwnedTemplateMatch? = nil

    public init() {}

    public var samples: StrokeBuffer { capture.stroke }

    /// Whether `trackingId`'s stroke is the one held here.
    public func follows(_ trackingId: UInt32?) -> Bool { trackingId != nil && followed == trackingId }

    /// Takes the frame's sample of the followed finger, or starts following a finger that lands
    /// while none is followed. O(touches in the frame), plus a bounded halving when the buffer fills.
    /// Returns true when the followed finger's lift committed its stroke.
    mutating func record(_ touches: TouchSpan, at timestamp: Microseconds) -> Bool {
        var committed = false
        for i in touches.indices {
            let touch = touches[i]
            let sample = StrokeSample(position: touch.position, time: timestamp)
            if capture.state == .capturing {
                guard touch.trackingId == followed else { continue }
                switch touch.phase {
                case .began, .moved, .stationary: capture.move(sample)
                case .ended: committed = capture.end(sample) != nil
                case .cancelled: capture.cancel()
                }
            } else if touch.phase == .began {
                followed = touch.trackingId
                templateMatch = nil
                capture.begin(sample)
            }
        }
        return committed
    }

    /// As `init()` leaves it (`GestureEngine.clear`): no stroke, nothing followed, no match.
    mutating func clear() {
        capture = StrokeCapture()
        followed = nil
        templateMatch = nil
    }

    /// A cancel of every touch (`cancelAll`) throws the stroke away.
    mutating func discard() { capture.cancel() }
}
