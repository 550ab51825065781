/// Specializes `TouchPipeline` for the Embedded `-no-allocations` build (scripts/embedded-check),
/// which compiles generic code only where it is used: every step a driver takes is here.
public enum TouchPipelineEmbeddedProof {
    public static func run(_ frame: ContactFrame) -> Int {
        var pipeline = TouchPipeline(
            tracker: TrackerConfiguration(), engine: KioskGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194))
        var output = DiscardingOutput()
        pipeline.consume(frame, into: &output)
        pipeline.advance(to: frame.timestamp + 1_000, into: &output)
        pipeline.cancelAll(at: frame.timestamp + 2_000, into: &output)
        pipeline.finish(into: &output)
        return pipeline.liveTouchCount
    }
}
