import TouchCore

/// The tracker's side of the pipeline: `SlotTracker` (TouchCore) conforms as it is.
public protocol TouchTracking {
    mutating func track(_ frame: ContactFrame, into batch: inout TouchFrameBatch, statuses: inout StatusList)
    mutating func advance(to time: Microseconds, into touches: inout TouchFrame, statuses: inout StatusList)
    mutating func cancelAll(at time: Microseconds, into touches: inout TouchFrame)
    /// When `advance(to:)` would next end something, if anything is pending.
    var nextDeadline: Microseconds? { get }
}

extension SlotTracker: TouchTracking {}

/// The recognizers' side of the pipeline: `GestureEngine` (TouchCore) conforms as it is.
public protocol GestureRecognizing {
    mutating func process(_ frame: TouchFrame, events: inout GestureEventList)
    mutating func advance(to time: Microseconds, events: inout GestureEventList)
    /// When a recognizer's timer next fires, if one is running.
    var nextDeadline: Microseconds? { get }
}

extension GestureEngine: GestureRecognizing {}
