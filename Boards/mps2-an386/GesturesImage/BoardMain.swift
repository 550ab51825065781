import Boards
import Firmware
import TouchCore

/// The gestures-mode image: the kiosk-15 controller with the kiosk gesture set on board, so that a
/// host can ask for `touch` and `gesture` frames instead of contact reports. The gesture pipeline
/// is a global of its own, initialized directly: held inside the controller, it was built on the
/// stack at reset and copied into place (`RecognitionPipelineStore`).
nonisolated(unsafe) var pipeline = KioskTouchPipeline(
    tracker: TrackerConfiguration(reportRateHz: Boards.kiosk15.reportRate),
    engineConfiguration: GestureEngineConfiguration(panelWidth: Boards.kiosk15.panelWidth, panelHeight: Boards.kiosk15.panelHeight))
nonisolated(unsafe) var controller = GestureController(
    board: Boards.kiosk15, seed: 0x4D50_5332, store: PipelineReference(pipelineAddress()))

/// A global's storage stays where it is for the whole run.
private func pipelineAddress() -> UnsafeMutablePointer<KioskTouchPipeline> {
    withUnsafeMutablePointer(to: &pipeline) { $0 }
}

/// The gestures image's entry, called by Reset_Handler (`runBoard`).
@_cdecl("board_main")
public func boardMain() {
    runBoard(&controller)
}
