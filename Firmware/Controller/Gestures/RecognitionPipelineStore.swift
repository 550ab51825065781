import TouchCore

/// Where a controller's gesture pipeline lives. A host emulator keeps it inside its listener
/// (`InlinePipeline`); a small board keeps it in a global of its own (`PipelineReference`),
/// because only a global initialized directly is built where it stays: built as a stored
/// property of any struct, this compiler put the whole 20 KB pipeline on the stack first and
/// copied it into place, at reset, where the Cortex-M4 image has no such stack to spare.
public protocol RecognitionPipelineStore: ~Copyable {
    mutating func withPipeline<Result>(_ body: (inout KioskTouchPipeline) -> Result) -> Result
}

extension TouchPipeline where Custom == BuiltInRecognizersOnly, capacity == 15 {
    /// The pipeline for `board`'s panel, with no recognizers yet: `ControllerRecognition` adds
    /// the kiosk set when gestures mode starts.
    public init(controllerFor board: BoardDefinition) {
        self.init(
            tracker: TrackerConfiguration(reportRateHz: board.reportRate),
            engineConfiguration: GestureEngineConfiguration(panelWidth: board.panelWidth, panelHeight: board.panelHeight))
    }
}

/// The pipeline held inline, for a controller on the host.
public struct InlinePipeline: RecognitionPipelineStore, ~Copyable {
    private var pipeline: KioskTouchPipeline

    public init(board: BoardDefinition) { pipeline = KioskTouchPipeline(controllerFor: board) }

    public mutating func withPipeline<Result>(_ body: (inout KioskTouchPipeline) -> Result) -> Result {
        body(&pipeline)
    }
}

/// A pipeline that lives elsewhere for as long as the controller runs: a board's global, made
/// made with `KioskTouchPipeline(controllerFor:)`.
public struct PipelineReference: RecognitionPipelineStore {
    private let pipeline: UnsafeMutablePointer<KioskTouchPipeline>

    public init(_ pipeline: UnsafeMutablePointer<KioskTouchPipeline>) { self.pipeline = pipeline }

    public mutating func withPipeline<Result>(_ body: (inout KioskTouchPipeline) -> Result) -> Result {
        body(&pipeline.pointee)
    }
}
