// What the bridge link sends downstream for one host frame: its touches, then its gestures.

extension FrameEncoder {
    /// One touch event per touch in `frame`; stationary touches are left out unless
    /// `includeStationary`, because a downstream reader already knows where they are.
    public static func encodeTouches<S: ByteSink>(_ frame: TouchFrame, includeStationary: Bool = false, to sink: inout S) {
        for index in frame.touches.indices {
            let touch = frame.touches[index]
            if touch.phase == .stationary && !includeStationary { continue }
            encode(.touch(TouchEventRecord(timestamp: frame.timestamp, touch: touch)), to: &sink)
        }
    }

    public static func encodeGestures<S: ByteSink>(_ events: GestureEventList, to sink: inout S) {
        for index in events.indices { encode(.gesture(events[index]), to: &sink) }
    }
}
