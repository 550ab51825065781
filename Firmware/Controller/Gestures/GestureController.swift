import TouchCore

/// A `TouchController` that can also recognize gestures itself (`ReportMode.gestures`): the
/// tracker and the kiosk recognizer set ride along with it, tens of KB that the plain controller
/// does not carry. The host emulator runs this one with its pipeline inline; the Cortex-M4's
/// gestures image with its pipeline in a global of its own (`RecognitionPipelineStore`).
public struct GestureController<Store: RecognitionPipelineStore & ~Copyable>: ~Copyable {
    public private(set) var controller: TouchController
    private var recognition: ControllerRecognition<Store>

    public init(board: BoardDefinition, seed: UInt64, startTime: Microseconds = 0, store: consuming Store) {
        controller = TouchController(board: board, seed: seed, startTime: startTime)
        controller.supportedModes = controller.supportedModes.union(.gestures)
        recognition = ControllerRecognition(store: store)
    }

    public var board: BoardDefinition { controller.board }

    /// When the next scheduled scan is due.
    public var nextScanTime: Microseconds { controller.nextScanTime }

    public mutating func receive(_ byte: UInt8) { controller.receive(byte) }

    public mutating func apply(_ stimulus: FingerStimulus) { controller.apply(stimulus) }

    @discardableResult
    public mutating func inject(_ faults: FaultSettings) -> Bool { controller.inject(faults) }

    /// As after power-up; recognition stops with the mode's return to contacts.
    public mutating func reset() { controller.reset() }

    public mutating func takeLinkDropRequest() -> Bool { controller.takeLinkDropRequest() }

    /// As `TouchController.advance(to:output:)`; in gestures mode each scan sends its touches and
    /// gesture actions instead of a contact report.
    public mutating func advance<S: ByteSink>(to time: Microseconds, output: inout S) {
        controller.advance(to: time, output: &output, listener: &recognition)
    }
}

/// The host emulator's controller: its gesture pipeline inline.
public typealias EmulatedGestureController = GestureController<InlinePipeline>

extension GestureController where Store == InlinePipeline {
    public init(board: BoardDefinition, seed: UInt64, startTime: Microseconds = 0) {
        self.init(board: board, seed: seed, startTime: startTime, store: InlinePipeline(board: board))
    }
}
