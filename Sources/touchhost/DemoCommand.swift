import ArgumentParser
import Foundation
import TouchHost

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Tour the gestures on the built-in emulator, read back through the whole host stack.",
        discussion: """
            Starts the kiosk-15 controller emulator on a pseudo-terminal, plays a tour of gestures on its panel, \
            reads the link back through the frame decoder, tracker and recognizers, and shows what was recognized.
            """)

    @Flag(help: "Print the JSON event stream instead of the summary.")
    var json = false

    @Option(help: "Stop after S seconds (the tour takes about 17).")
    var duration: Double?

    @OptionGroup var screenOptions: ScreenOptions

    @OptionGroup var palmOptions: PalmOptions

    func validate() throws {
        if let duration, !(duration > 0) { throw ValidationError("--duration must be greater than 0") }
    }

    func run() throws {
        let selection = RecognizerSelection.kiosk
        let screen = try screenOptions.setting()
        let output = EventOutput(json: json, recognizerNames: selection.engineNames, live: true)
        let report = DemoReport(names: selection.engineNames)
        let tour = try DemoRun(board: BoardListing.defaultName)
        if !json {
            output.write(line: "touchhost demo: the \(tour.boardName) controller emulator is serving \(tour.path).")
            output.write(line: "A tour of \(DemoTour.steps(for: selection.engineNames).count) gestures plays on its simulated panel; the host reads the pty back")
            output.write(line: "through frame decoder, tracker and recognizers. Recognized:")
            output.write(line: "")
        }
        StopSignal.install()
        try tour.run(
            recognizers: selection, seconds: duration, screen: screen, palms: palmOptions.policy,
            sink: { event in
                if json {
                    output.write(event)
                } else if let line = report.take(event) {
                    output.write(line: line)
                }
            })
        if !json {
            if let line = report.flush() { output.write(line: line) }
            output.write(line: "")
            for line in report.summary() { output.write(line: line) }
        }
        output.flush()
        try StopSignal.check()
    }
}
