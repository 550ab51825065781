import TouchCore
import TouchHost

/// What `touchhost monitor`, `replay` and the C library run for each report: `WireReports` ->
/// TouchHost's `Pipeline` (TouchCore's pipeline with the host's recognizer type, which also runs
/// templates and client recognizers) with the kiosk set -> `HostEvent`s to a sink. With `json`,
/// the sink also makes the JSON line `monitor --json` writes for each event.
public final class ProductPipeline {
    private var reports: WireReports
    private var pipeline: Pipeline!
    public private(set) var eventsOut = 0
    public private(set) var bytesOut = 0

    public init(stream: WireStream, json: Bool) {
        reports = WireReports(stream)
        let lines = json ? EventLines(json: true, recognizerNames: RecognizerSelection.kiosk.engineNames) : nil
        // As `monitor` builds it for the device that described itself.
        pipeline = HostStack.pipeline(recognizers: .kiosk, for: BenchmarkPanel.info) { [unowned self] event in
            eventsOut &+= 1
            if let line = lines?.line(for: event) { bytesOut &+= line.utf8.count }
        }
    }

    /// Pushes the bytes of the next report of the stream through the whole path.
    public func step() {
        reports.nextFrame { frame in pipeline.consume(&frame) }
    }

    public func run(reports count: Int) {
        for _ in 0..<count { step() }
    }
}
