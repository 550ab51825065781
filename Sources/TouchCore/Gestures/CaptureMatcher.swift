/// Continuous capture of the first finger's stroke: began at touch-down, changed on every move,
/// both with the kept sample count; ended at the lift, when the engine's `SharedStroke` commits the
/// samples for the application to read (`GestureEngine.stroke.samples`); cancelled, with the
/// samples discarded, when the touch is cancelled.
public struct CaptureMatcher: SingleStrokeMatcher, Sendable {
    public init() {}

    public var kind: GestureKind { .capture }
    public var isContinuous: Bool { true }

    public mutating func end(_ shared: @_addressable SharedStroke, values: inout GestureValues) -> Bool {
        progress(shared, &values)
        return true
    }

    public func progress(_ shared: @_addressable SharedStroke, _ values: inout GestureValues) {
        values.samples = UInt16(truncatingIfNeeded: shared.capture.sampleCount)
    }
}
