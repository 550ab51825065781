/// Where a recognizer stands in its state machine. `possible` and `failed` never send an action;
/// every other transition does (contracts.md section 3).
public enum RecognizerState: UInt8, Sendable {
    case possible = 0
    case began = 1
    case changed = 2
    /// Also the `recognized` state of a discrete gesture: one state, two names, as in UIKit.
    case ended = 3
    case cancelled = 4
    case failed = 5

    public static var recognized: RecognizerState { .ended }

    /// A continuous gesture in progress: it blocks competitors and takes further touches.
    public var isActive: Bool { self == .began || self == .changed }

    /// Terminal for this touch sequence: the recognizer waits for its touches to lift, then resets.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}
