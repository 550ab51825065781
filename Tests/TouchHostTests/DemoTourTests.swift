import Testing
@testable import TouchHost

/// The demo is the main job: the emulator on a pty, the whole host stack reading it back.
@Suite struct DemoTourTests {
    @Test func everyGestureOfTheTourIsRecognized() throws {
        let selection = RecognizerSelection.kiosk
        let report = DemoReport(names: selection.engineNames)
        let run = try DemoRun(board: BoardListing.defaultName)
        var lines: [String] = []
        try run.run(recognizers: selection, seconds: 30) { event in
            if let line = report.take(event) { lines += line.split(separator: "\n").map(String.init) }
        }
        if let line = report.flush() { lines.append(line) }
        let summary = report.summary()
        let steps = DemoTour.steps(for: selection.engineNames).count
        #expect(steps >= 9)
        #expect(summary.first == "Recognized \(steps) of \(steps) gestures of the tour:", "\(summary)")
        #expect(!summary.contains { $0.contains("✗") }, "\(summary)")
        // The resting palm is said once, where it lay, and is no touch: the tap beside it is a tap.
        let palms = lines.filter { $0.split(separator: " ").dropFirst(2).first == "palm" }
        #expect(palms.count == 1, "\(lines)")
        // One stroke, one answer: each step of the tour gets exactly one line.
        let answers = lines.filter { !palms.contains($0) }
        let times = answers.compactMap { Double($0.split(separator: " ").first ?? "") }
        #expect(times.count == answers.count, "\(lines)")
        for step in DemoTour.steps(for: selection.engineNames) {
            let inStep = times.filter { $0 * 1_000_000 >= Double(step.start - 100_000) && $0 * 1_000_000 <= Double(step.end) }
            #expect(inStep.count == 1, "\(step.title): \(lines)")
        }
    }
}
