/// Where a `TouchPipeline` puts what it makes, in the order it happens. A generic parameter of the
/// pipeline's methods rather than a stored reference, so the hot path has no existential and the
/// receiver may be a struct of fixed size (a counter, a ring) or a host's event queue.
public protocol TouchPipelineOutput {
    /// Something about the input itself: frames lost, a device reset, a stall.
    mutating func status(_ event: StatusEvent)
    /// The touches of one step: the live ones (`stationary` included) and the ones that ended or
    /// were cancelled at that instant. `inout` only so the frame is read in place: a borrowed
    /// kilobyte frame was copied at the call, for every report.
    mutating func touches(_ frame: inout TouchFrame)
    /// A recognizer's action (never `possible` or `failed`).
    mutating func gesture(_ event: GestureEvent)
    /// A raw touch as the application behind a region receives it, after the recognizers.
    mutating func delivery(_ delivery: TouchDelivery)
}

extension TouchPipelineOutput {
    /// Most outputs have no regions that take raw touches.
    public mutating func delivery(_ delivery: TouchDelivery) {}
}

/// An output that keeps nothing: for runs that only want the pipeline's state or its cost.
public struct DiscardingOutput: TouchPipelineOutput {
    public init() {}
    public mutating func status(_ event: StatusEvent) {}
    public mutating func touches(_ frame: inout TouchFrame) {}
    public mutating func gesture(_ event: GestureEvent) {}
}
