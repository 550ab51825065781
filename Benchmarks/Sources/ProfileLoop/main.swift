import Glibc
import PipelineFixtures
import TouchCore

// Runs one benchmark's fixture in a plain loop, for `perf record` (the benchmark runner talks to
// its plugin over pipes and cannot be started alone). The same fixtures as the benchmarks.
// Run: `cd Benchmarks && swift build -c release --product ProfileLoop &&
//       perf record -g .build/release/ProfileLoop decode+track 10`

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: ProfileLoop decoder|decode|decode+track|decode+track+recognize|product|anonymous-drags|mtdev-drags [fingers] [reports]")
    exit(2)
}
let fingers = arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10
let reports = arguments.count > 3 ? Int(arguments[3]) ?? 2_000_000 : 2_000_000
var checksum = 0
switch arguments[1] {
case "sizes":
    // What one report's path holds, in bytes (a cold report pays for what it touches).
    print("TouchPipeline<BuiltInRecognizersOnly> (the kiosk set's)", MemoryLayout<KioskTouchPipeline>.size)
    print("KioskGestureEngine", MemoryLayout<KioskGestureEngine>.size)
    print("BasicGestureEngine (32 templates inline)", MemoryLayout<BasicGestureEngine>.size)
    print("SlotTracker", MemoryLayout<SlotTracker>.size)
    print("TouchFrameBatch", MemoryLayout<TouchFrameBatch>.size)
    print("TouchFrame", MemoryLayout<TouchFrame>.size)
    print("ContactFrame", MemoryLayout<ContactFrame>.size)
    print("GestureEventList", MemoryLayout<GestureEventList>.size)
    print("TouchDeliveryList", MemoryLayout<TouchDeliveryList>.size)
    print("FrameDecoder", MemoryLayout<FrameDecoder>.size)
    print("DecodedFrame", MemoryLayout<DecodedFrame>.size)
    // A recognizer slot holds the largest built-in recognizer, whichever it holds.
    print("BuiltInRecognizer", MemoryLayout<BuiltInRecognizer>.size)
    print("  tap", MemoryLayout<TapRecognizer>.size, "long-press", MemoryLayout<LongPressRecognizer>.size,
        "pan", MemoryLayout<PanRecognizer>.size, "swipe", MemoryLayout<SwipeRecognizer>.size)
    print("  pinch", MemoryLayout<PinchRecognizer>.size, "rotation", MemoryLayout<RotationRecognizer>.size,
        "edge-pan", MemoryLayout<EdgePanRecognizer>.size, "stroke", MemoryLayout<StrokeGestureRecognizer>.size)
    print("RecognizerContext", MemoryLayout<RecognizerContext>.size)
case "decoder":
    // The decoder alone, one report's bytes per call, as "decode only 10 contacts".
    let stream = WireStream(fingers: MovingFingers(count: fingers))
    var decoder = FrameDecoder()
    stream.bytes.withUnsafeBufferPointer { bytes in
        for report in 0..<reports {
            let index = report % stream.reports
            let start = index == 0 ? 0 : stream.frameEnds[index - 1]
            decoder.decode(
                UnsafeBufferPointer(rebasing: bytes[start..<stream.frameEnds[index]]),
                contacts: { report, _ in checksum &+= report.contacts.count }, other: { _, _ in })
        }
    }
case "decode":
    var reader = WireReports(WireStream(fingers: MovingFingers(count: fingers)))
    for _ in 0..<reports { reader.nextFrame { checksum &+= $0.contacts.count } }
case "decode+track", "decode+track+recognize":
    let stream = WireStream(fingers: MovingFingers(count: fingers))
    var pipeline = HostPipeline(stream: stream, recognizes: arguments[1] == "decode+track+recognize")
    pipeline.run(reports: reports)
    checksum = pipeline.touchesOut &+ pipeline.gestureEvents
case "product":
    // What the CLI and the C library run: TouchHost's pipeline with the host's recognizer type.
    let pipeline = ProductPipeline(stream: WireStream(fingers: MovingFingers(count: fingers)), json: false)
    pipeline.run(reports: reports)
    checksum = pipeline.eventsOut
case "anonymous-drags":
    var run = TouchhostAnonymousRun(CrossingFingers(CrossingFingers.Settings.all[0]))
    for _ in 0..<reports { run.step() }
    checksum = run.touchesOut
case "mtdev-drags":
    let run = MtdevRun(CrossingFingers(CrossingFingers.Settings.all[0]))
    for _ in 0..<reports { run.step() }
    checksum = run.eventsOut
default:
    print("unknown fixture \(arguments[1])")
    exit(2)
}
print("checksum \(checksum)")
