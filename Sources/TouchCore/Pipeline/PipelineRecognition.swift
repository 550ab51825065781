/// The recognizing half of a `TouchPipeline`: the engine, with the time and the live-touch count
/// the steps keep beside it. A stored part of its own so that a frame kept in the pipeline's
/// batch goes to it in place, as two stored parts of one pipeline: a method of the pipeline taking
/// `&batch.closing` would overlap its own access, which is what a static step with an `inout`
/// argument for each part worked around.
@usableFromInline
struct PipelineRecognition<Custom: CustomRecognizer, let capacity: Int>: ~Copyable {
    @usableFromInline var engine: GestureEngine<Custom, capacity>
    /// The latest instant the pipeline has processed.
    @usableFromInline var present: Microseconds = 0
    /// Touches that began and have not ended or been cancelled.
    @usableFromInline var liveTouches = 0

    @inlinable
    init(engine: consuming GestureEngine<Custom, capacity>) {
        self.engine = engine
    }

    /// With an engine made where it stays (see `TouchPipeline.init(tracker:engineConfiguration:)`).
    @inlinable
    init(engineConfiguration: GestureEngineConfiguration) {
        engine = GestureEngine(configuration: engineConfiguration)
    }

    /// One touch frame through the recognizers; a frame with no touches only lets time pass. The
    /// frame is `inout` though only read: a borrowed kilobyte frame was copied at the call by the
    /// optimizer, an `inout` one is not. The engine's actions and deliveries are handed on from
    /// its own lists, the only copy of them.
    @inlinable
    mutating func step<Output: TouchPipelineOutput>(_ touches: inout TouchFrame, _ output: inout Output) {
        guard !touches.touches.isEmpty else {
            stepWithoutTouches(at: touches.timestamp, &output)
            return
        }
        if touches.timestamp > present { present = touches.timestamp }
        liveTouches += touches.liveTouchChange()
        output.touches(&touches)
        engine.process(inPlace: &touches)
        handPending(to: &output)
    }

    /// A frame with no touches: time passes for the recognizers.
    @inlinable
    mutating func stepWithoutTouches<Output: TouchPipelineOutput>(at time: Microseconds, _ output: inout Output) {
        if time > present { present = time }
        engine.advanceKeepingPending(to: present)
        handPending(to: &output)
    }

    /// The engine's gestures and deliveries to the output, read in place through
    /// `withUnsafeElements` (by index, the host copied a whole list for each element; through
    /// `elements`, the Cortex-M4 copied each list once: 5.6 KB, 6 900 instructions a report),
    /// then emptied.
    @inlinable
    mutating func handPending<Output: TouchPipelineOutput>(to output: inout Output) {
        engine.events.withUnsafeElements { list in for event in list { output.gesture(event) } }
        engine.deliveries.withUnsafeElements { list in for delivery in list { output.delivery(delivery) } }
        engine.discardPending()
    }
}
