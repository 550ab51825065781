import Testing
@testable import TouchHost

/// The demo is the main job: the emulator on a pty, the whole host stack reading it back.
@Suite struct DemoTourTests {
    @Test func everyGestureOfTheTourIsRecognized() throws {
        let selection = RecognizerSelection.kiosk
        let report = DemoReport(names: selection.engineNames)
        let run = try DemoRun(board: BoardListing.defaultName)
        try run.run(recognizers: selection, seconds: 30) { _ = report.take($0) }
        let summary = report.summary()
        let steps = DemoTour.steps(for: selection.engineNames).count
        #expect(steps >= 9)
        #expect(summary.first == "Recognized \(steps) of \(steps) gestures of the tour:", "\(summary)")
        #expect(!summary.contains { $0.contains("✗") }, "\(summary)")
    }
}
