import TouchCore

/// Feeds loaded inputs through a fresh pipeline each, in virtual time, and ends each input by
/// advancing past every pending timer.
public enum ReplayRunner {
    public static func run(
        _ source: ReplaySource, recognizers: RecognizerSelection, sink: @escaping (HostEvent) -> Void
    ) {
        if let recording = source.recording {
            RecordingReplay.run(recording, recognizers: recognizers, sink: sink)
            return
        }
        let pipeline = HostStack.pipeline(recognizers: recognizers, reportRate: source.reportRate, panel: source.panel, sink: sink)
        for item in source.items {
            switch item {
            case .frame(let frame):
                // Timers due before this report fire first, in their own moment.
                pipeline.advance(to: frame.timestamp, step: Pipeline.virtualTick)
                pipeline.consume(frame)
            case .cancel(let time):
                pipeline.advance(to: time, step: Pipeline.virtualTick)
                pipeline.cancelAll(at: time)
            }
        }
        pipeline.finish()
    }
}
