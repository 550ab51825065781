/// A tracker for hosts that handle one frame per call. `SlotTracker` writes a report's one or two
/// frames into a batch; this hands out the first and keeps the second until
/// `takePendingFrame(into:)`. The waiting frame (a kilobyte) is kept here and not in every
/// tracker: a pipeline takes both frames of a batch at once and has no use for it.
public struct SingleFrameTracker: Sendable {
    public private(set) var tracker: SlotTracker
    /// The second frame of a split report, when `hasPendingFrame`. Not an optional: every report
    /// asks whether one waits, and asking an optional of a kilobyte copied it whole.
    private var pendingFrame = TouchFrame(timestamp: 0)
    /// True after `track` split a report: take the second frame with `takePendingFrame(into:)`
    /// before anything else.
    public private(set) var hasPendingFrame = false

    public init(configuration: TrackerConfiguration) {
        tracker = SlotTracker(configuration: configuration)
    }

    /// `output` gets the report's first frame; when it produced two, the second waits until
    /// `takePendingFrame(into:)` and `hasPendingFrame` is true meanwhile.
    public mutating func track(_ frame: ContactFrame, into output: inout TouchFrame, statuses: inout StatusList) {
        precondition(!hasPendingFrame, "take the pending frame before the next report")
        var batch = TouchFrameBatch()
        tracker.track(frame, into: &batch, statuses: &statuses)
        if batch.count == 2 {
            output = batch.closing
            pendingFrame = batch.current
            hasPendingFrame = true
        } else {
            output = batch.current
        }
    }

    /// `SlotTracker.track(_:into:statuses:)` with a batch, once the pending frame is taken.
    public mutating func track(_ frame: ContactFrame, into batch: inout TouchFrameBatch, statuses: inout StatusList) {
        precondition(!hasPendingFrame, "take the pending frame before the next report")
        tracker.track(frame, into: &batch, statuses: &statuses)
    }

    /// Moves the frame a split report left waiting into `output`; false when none waits.
    public mutating func takePendingFrame(into output: inout TouchFrame) -> Bool {
        guard hasPendingFrame else { return false }
        output = pendingFrame
        hasPendingFrame = false
        return true
    }

    /// `SlotTracker.advance(to:into:statuses:)`, once the pending frame is taken.
    public mutating func advance(to time: Microseconds, into output: inout TouchFrame, statuses: inout StatusList) {
        precondition(!hasPendingFrame, "take the pending frame before advancing time")
        tracker.advance(to: time, into: &output, statuses: &statuses)
    }

    /// `SlotTracker.cancelAll(at:into:)`, once the pending frame is taken.
    public mutating func cancelAll(at time: Microseconds, into output: inout TouchFrame) {
        precondition(!hasPendingFrame, "take the pending frame before cancelling")
        tracker.cancelAll(at: time, into: &output)
    }
}
