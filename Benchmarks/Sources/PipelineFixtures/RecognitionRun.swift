import TouchCore

/// The kiosk `GestureEngine` alone, over touch frames a `HostPipeline` made before timing started:
/// `fingers` touches that went down once and keep moving (the `MovingFingers` paths), so the
/// continuous recognizers (pan, pinch, rotation with two or more) stay active in every frame.
/// This is the recognizers' own cost, split from the rest of the path for comparison with
/// `decode+track+recognize`, not a driver: it calls `process` and nothing else.
public struct RecognitionRun {
    private var frames: [TouchFrame] = []
    private var engine: KioskGestureEngine
    private var events = GestureEventList(filler: .placeholder)
    private var next = 0
    private var lap: Int
    public private(set) var gestureEvents = 0

    public init(fingers: Int) {
        let stream = WireStream(fingers: MovingFingers(count: fingers))
        var host = HostPipeline(stream: stream, recognizes: true, keepsLastFrame: true)
        // The first lap begins the touches; the second is all motion and repeats seamlessly. The
        // pipeline's engine has seen both laps, so the replay carries on from the third.
        host.run(reports: stream.reports)
        for _ in 0..<stream.reports {
            host.step()
            frames.append(host.lastFrame)
        }
        engine = host.pipeline.engine
        lap = 1
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
