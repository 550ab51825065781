import Benchmark
import PipelineFixtures
import TouchCore

// One iteration is one report (frame): each benchmark walks `scaledIterations` over reports
// generated before timing starts. The scaling factor is one, so every sample is a single report
// and the percentiles are those of single reports; a scheduler preemption on the shared machine
// then spoils one sample, not a batch. "measurement overhead" times an empty iteration.

/// Holds a pipeline across the iterations of one benchmark (the closures are not Sendable, and
/// the state must survive from setup to teardown).
final class Holder<Value: ~Copyable> {
    var value: Value
    init(_ value: consuming Value) { self.value = value }
}

let benchmarks: @Sendable () -> Void = {
    // Regressions: `swift package benchmark thresholds check` compares a run with the p90 values
    // kept in Benchmarks/Thresholds (docs/performance.md). 20 % slower at p90 fails, and so does
    // any allocation in a report.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput], timeUnits: .nanoseconds,
        warmupIterations: 1_000, scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 100_000,
        thresholds: [
            .wallClock: BenchmarkThresholds(relative: [.p90: 20.0]),
            .throughput: BenchmarkThresholds(relative: [.p90: 20.0]),
            .mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 0]),
        ])

    Benchmark("measurement overhead") { benchmark in
        for index in benchmark.scaledIterations { blackHole(index) }
    }

    // Bytes -> decoder -> unwrapped time -> contact frame -> TouchPipeline with no recognizers,
    // 1 to 20 fingers. The names keep "track" (docs/performance.md refers to them).
    for fingers in [1, 5, 10, 20] {
        let stream = WireStream(fingers: MovingFingers(count: fingers))
        let pipeline = Holder(HostPipeline(stream: stream))
        Benchmark("decode+track \(fingers) contacts") { benchmark in
            for _ in benchmark.scaledIterations { pipeline.value.step() }
            blackHole(pipeline.value.touchesOut)
        } setup: {
            pipeline.value.run(reports: stream.reports)
        }
    }

    // The kiosk recognizer set: over the whole path, and alone over frames tracked beforehand.
    for fingers in [1, 2, 5, 10] {
        let stream = WireStream(fingers: MovingFingers(count: fingers))
        let pipeline = Holder(HostPipeline(stream: stream, recognizes: true))
        Benchmark("decode+track+recognize \(fingers) contacts") { benchmark in
            for _ in benchmark.scaledIterations { pipeline.value.step() }
            blackHole(pipeline.value.gestureEvents)
        } setup: {
            pipeline.value.run(reports: stream.reports)
        }
        let recognition = Holder<RecognitionRun?>(nil)
        Benchmark("recognize only \(fingers) contacts") { benchmark in
            for _ in benchmark.scaledIterations { recognition.value!.step() }
            blackHole(recognition.value!.gestureEvents)
        } setup: {
            recognition.value = RecognitionRun(fingers: fingers)
        }
    }

    // What the CLI and the C library run: TouchHost's `Pipeline` (the host recognizer type) with the
    // kiosk set, events to a sink, and with the JSON lines `monitor --json` writes. Events and lines
    // are values the host hands on, so these allocate: counted and held to their baseline, not to 0.
    var hostConfiguration = Benchmark.defaultConfiguration
    hostConfiguration.thresholds?[.mallocCountTotal] = BenchmarkThresholds(relative: [.p90: 20.0])
    for fingers in [1, 10] {
        let stream = WireStream(fingers: MovingFingers(count: fingers))
        for json in [false, true] {
            let product = ProductPipeline(stream: stream, json: json)
            Benchmark("product pipeline\(json ? " + JSON" : "") \(fingers) contacts", configuration: hostConfiguration) {
                benchmark in
                for _ in benchmark.scaledIterations { product.step() }
                blackHole(product.eventsOut)
            } setup: {
                product.run(reports: stream.reports)
            }
        }
    }

    // The decoder alone on the 10-contact stream, one report's bytes per call, to split the cost
    // between bytes and tracking.
    do {
        let stream = WireStream(fingers: MovingFingers(count: 10))
        let decoder = Holder(FrameDecoder())
        let next = Holder(0)
        Benchmark("decode only 10 contacts") { benchmark in
            for _ in benchmark.scaledIterations {
                let start = next.value == 0 ? 0 : stream.frameEnds[next.value - 1]
                stream.bytes.withUnsafeBufferPointer { bytes in
                    decoder.value.decode(
                        UnsafeBufferPointer(rebasing: bytes[start..<stream.frameEnds[next.value]]),
                        contacts: { report, _ in blackHole(report.contacts.count) }, other: { frame, _ in blackHole(frame) })
                }
                next.value = next.value + 1 == stream.reports ? 0 : next.value + 1
            }
        }
    }

    // The same work after a short and a long history: the cost per report must not grow.
    for history in [1_000, 1_000_000] {
        let stream = WireStream(fingers: MovingFingers(count: 10))
        let pipeline = Holder(HostPipeline(stream: stream))
        Benchmark("decode+track 10 contacts after \(history) reports") { benchmark in
            for _ in benchmark.scaledIterations { pipeline.value.step() }
            blackHole(pipeline.value.touchesOut)
        } setup: {
            pipeline.value.run(reports: history)
        }
    }

    // Anonymous contacts: SlotTracker's matching against mtdev on the same crossing fingers. Both
    // are trackers alone (mtdev has no recognizers), so this one drives SlotTracker, not a pipeline.
    for settings in CrossingFingers.Settings.all {
        let stream = CrossingFingers(settings)
        let touchhost = Holder(TouchhostAnonymousRun(stream))
        Benchmark("anonymous \(settings.name): touchhost SlotTracker") { benchmark in
            for _ in benchmark.scaledIterations { touchhost.value.step() }
            blackHole(touchhost.value.touchesOut)
        }
        let mtdev = MtdevRun(stream)
        Benchmark("anonymous \(settings.name): mtdev") { benchmark in
            for _ in benchmark.scaledIterations { mtdev.step() }
            blackHole(mtdev.eventsOut)
        }
    }

    // Template matching: one stroke against a host recognizer set's 160 examples (16 gestures x 10),
    // resampling and all. Issue 27's goal is 100 µs a stroke (docs/strokes.md has the figure).
    let templates = TemplateStrokes()
    Benchmark("template match 160 examples") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(templates.matchNext()) }
    }
}
