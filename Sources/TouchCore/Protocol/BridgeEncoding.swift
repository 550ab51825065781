// What the bridge link sends downstream for one host frame: its touches, then its gestures.

extension FrameEncoder {
    /// One touch event per touch in `frame`; stationary touches are left out unless
    /// `includeStationary`, because a downstream reader already knows where they are.
    public static func encodeTouches<S: ByteSink>(_ frame: TouchFrame, includeStationary: Bool = false, to sink: inout S) {
        var frame = frame
        encodeTouches(&frame, includeStationary: includeStationary, to: &sink)
    }

    /// The frame read in place (`inout`), each record written straight into its frame: an element
    /// read of a borrowed frame copied all of it (1.1 KB) for every touch, and a message value
    /// more. (Not through `elements`: specializing that for a board's sink crashes the Embedded
    /// compiler, Swift 6.3.1.)
    public static func encodeTouches<S: ByteSink>(_ frame: inout TouchFrame, includeStationary: Bool = false, to sink: inout S) {
        encodeEach(&frame.touches, at: frame.timestamp, includeStationary: includeStationary, to: &sink)
    }

    private static func encodeEach<S: ByteSink>(
        _ touches: inout TouchFrame.Touches, at timestamp: Microseconds, includeStationary: Bool, to sink: inout S
    ) {
        var frame = FrameBuffer()
        for index in touches.indices {
            let touch = touches[index]
            if touch.phase == .stationary && !includeStationary { continue }
            encodeFrame(.touch, in: &frame, to: &sink) { TouchEventRecord(timestamp: timestamp, touch: touch).write(to: &$0) }
        }
    }

    public static func encodeGestures<S: ByteSink>(_ events: GestureEventList, to sink: inout S) {
        for index in events.indices { encode(gesture: events[index], to: &sink) }
    }

    /// A `gesture` frame, written straight into its buffer (no message value around the event).
    public static func encode<S: ByteSink>(gesture event: GestureEvent, to sink: inout S) {
        encodeFrame(.gesture, to: &sink) { event.write(to: &$0) }
    }
}
