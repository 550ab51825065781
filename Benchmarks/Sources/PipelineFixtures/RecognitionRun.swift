import TouchCore

/// The kiosk `GestureEngine` alone, over touch frames the tracker produced before timing started:
/// `fingers` touches that went down once and keep moving (the `MovingFingers` paths), so the
/// continuous recognizers (pan, pinch, rotation with two or more) stay active in every frame.
/// One lap of frames is replayed with its times carried on, like `HostPipeline`.
public struct RecognitionRun: Sendable {
    private var frames: [TouchFrame] = []
    private var engine = BasicGestureEngine.kioskSet(panelWidth: BenchmarkPanel.size.x, panelHeight: BenchmarkPanel.size.y)
    private var events = GestureEventList(filler: .placeholder)
    private var next = 0
    private var lap = 0
    public private(set) var gestureEvents = 0

    public init(fingers: Int) {
        let stream = WireStream(fingers: MovingFingers(count: fingers))
        var pipeline = HostPipeline(stream: stream)
        // The first lap begins the touches; the second is all motion and repeats seamlessly.
        pipeline.step()
        engine.process(pipeline.lastFrame, events: &events)
        for _ in 1..<stream.reports {
            pipeline.step()
            engine.process(pipeline.lastFrame, events: &events)
        }
        for _ in 0..<stream.reports {
            pipeline.step()
            frames.append(pipeline.lastFrame)
        }
    }

    @inline(__always)
    public mutating func step() {
        var frame = frames[next]
        frame.timestamp += Microseconds(lap * frames.count) * BenchmarkPanel.reportInterval
        events.removeAll()
        engine.process(frame, events: &events)
        gestureEvents &+= events.count
        next += 1
        if next == frames.count {
            next = 0
            lap += 1
        }
    }
}
