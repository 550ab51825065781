/// Picks the first finger out of touch frames and reports its stroke, ignoring every finger that
/// lands while it is down: single-stroke gestures follow one finger, as in a checkmark. It also
/// counts the others, so a recognizer that wants exactly one finger can fail on them.
public struct FirstTouchFollower: Sendable {
    public enum Step: Equatable, Sendable {
        case began(StrokeSample)
        case moved(StrokeSample)
        case ended(StrokeSample)
        case cancelled
    }

    /// The tracking id being followed, or nil between strokes.
    public private(set) var followed: UInt32?
    /// Other fingers that touched while the followed one was down.
    public private(set) var ignoredTouches: Int = 0

    public init() {}

    /// What happened to the followed finger in `frame`, or nil when nothing did.
    public mutating func step(_ frame: TouchFrame) -> Step? {
        var result: Step?
        for i in frame.touches.indices {
            let touch = frame.touches[i]
            let sample = StrokeSample(position: touch.position, time: frame.timestamp)
            if let id = followed {
                if touch.trackingId == id {
                    switch touch.phase {
                    case .began, .moved, .stationary: result = .moved(sample)
                    case .ended:
                        followed = nil
                        result = .ended(sample)
                    case .cancelled:
                        followed = nil
                        result = .cancelled
                    }
                } else if touch.phase == .began {
                    ignoredTouches += 1
                }
            } else if touch.phase == .began && result == nil {
                followed = touch.trackingId
                ignoredTouches = 0
                result = .began(sample)
            } else if touch.phase == .began {
                ignoredTouches += 1
            }
        }
        return result
    }
}
