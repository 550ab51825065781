/// A recognizer's touches: which of the engine's touches it follows, and the phase each had in
/// the last hook the recognizer received for it. Positions, shapes and the rest are the engine's,
/// read where the engine keeps them while a hook runs: a context used to keep its own copy of up
/// to ten touches (488 of a slot's 846 bytes, fifteen slots in the kiosk engine, rewritten for every
/// recognizer at every move); now it keeps two bytes a touch.
///
/// Read it inside a hook only: the engine lends its touch table for the length of the call.
public struct RecognizerTouches: @unchecked Sendable {
    struct Held: Sendable {
        /// Where the touch is in the engine's table (`GestureEngine.touches`).
        var entry: UInt8
        /// The phase of the last hook that carried it to this recognizer.
        var phase: TouchPhase
    }

    var held = InlineList<10, Held>(filler: Held(entry: 0, phase: .cancelled))
    /// The engine's touch table while one of the recognizer's hooks runs, nil otherwise. Unchecked
    /// `Sendable` for this pointer: it is set and cleared around a call on the engine's own thread
    /// and never read after the call returns.
    var table: UnsafePointer<EngineTouch>? = nil

    public var count: Int { held.count }
    public var isEmpty: Bool { held.isEmpty }
    public var indices: Range<Int> { held.indices }
    var isFull: Bool { held.isFull }

    /// The `k`th touch as this recognizer last saw it: the engine's latest values, the phase of
    /// the recognizer's last hook for it.
    public subscript(k: Int) -> TrackedTouch {
        let phase = held[k].phase  // the bounds check, before the table is read
        var touch = entry(k).pointee.touch
        touch.phase = phase
        return touch
    }

    /// The touch with `trackingId`, if the recognizer follows it.
    public func touch(_ trackingId: UInt32) -> TrackedTouch? {
        guard let k = position(of: trackingId) else { return nil }
        return self[k]
    }

    /// Where the recognizer's touch with `trackingId` is among its touches.
    func position(of trackingId: UInt32) -> Int? {
        for k in held.indices where self.trackingId(at: k) == trackingId { return k }
        return nil
    }

    // The readers the built-in recognizers use in their loops: one field read through the
    // pointer, not a 48-byte touch copied for it (on the Cortex-M4 a copy per read).
    @inline(__always) func position(at k: Int) -> PanelPoint { entry(k).pointee.touch.position }
    @inline(__always) func trackingId(at k: Int) -> UInt32 { entry(k).pointee.touch.trackingId }
    @inline(__always) func phase(at k: Int) -> TouchPhase { held.storage[k].phase }

    var centroid: PanelPoint {
        var sum = PanelPoint.zero
        for k in held.indices { sum = sum + position(at: k) }
        return sum / Float(held.count)
    }

    /// The table entry of the `k`th touch (`k` in `indices`). The list's storage is read directly:
    /// through `InlineList`'s yielding subscript each read was a call on the Cortex-M4, and these
    /// reads are in the recognizers' inner loops.
    @inline(__always)
    private func entry(_ k: Int) -> UnsafePointer<EngineTouch> {
        guard let table else { preconditionFailure("RecognizerTouches read outside a recognizer's hook") }
        return table + Int(held.storage[k].entry)
    }
}
