import ArgumentParser
import Foundation
import TouchCore
import TouchHost

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit the panel-to-screen matrix from one steady touch per target and write a calibration file.",
        discussion: """
            Shows the targets one at a time (contracts.md section 5 gives their order); touch each and hold \
            still until it is taken. A touch that moves more than 4 mm, a second finger or a cancelled touch \
            is refused and the target asked again. The prompts go to standard output, so a script on the \
            emulator can calibrate too; on a terminal the target is drawn on a scaled outline of the screen. \
            The matrix is fitted by least squares and each target's residual printed in pixels.
            """)

    @Argument(help: "/dev/ttyUSB0, /dev/pts/N, tcp:HOST:PORT or /dev/input/eventN[?grab=1].")
    var port: String

    @Option(help: "The screen in pixels, WxH (e.g. 1920x1080).")
    var screen: String

    @Option(help: "5 or 9 targets.")
    var points: Int = 5

    @Option(name: .shortAndLong, help: "The calibration file to write.")
    var output: String = "touchhost.calibration"

    @OptionGroup var live: LiveOptions

    func validate() throws {
        guard ScreenSize(parsing: screen) != nil else {
            throw ValidationError("--screen wants WIDTHxHEIGHT in pixels, like 1920x1080 (each 1 to \(ScreenSize.maximumSide))")
        }
        guard points == 5 || points == 9 else { throw ValidationError("--points is 5 or 9") }
    }

    func run() throws {
        let size = ScreenSize(parsing: screen)!
        let targets = CalibrationTargets.targets(count: points, on: size)!
        // A device node, FIFO or link given as the output is refused before anyone touches the panel.
        try OutputFile.checkWritable(output)
        var collector = CalibrationCollector(targets: targets)
        let prompt = CalibrationPrompt(screen: size, targets: targets, onTerminal: TerminalScreen.isTerminal)
        // Raw points: no recognizer, palms suppressed as always.
        let recipe = live.recipe(recognizers: RecognizerSelection(names: [])) { event in
            guard let outcome = collector.take(event) else { return }
            prompt.report(outcome, next: collector.current)
        }
        let opened = try SourceSpec.parse(port).openSession(recipe)
        var described: (summary: String, panel: PanelSize)?
        if case .controller(let controller) = opened {
            let requested = controller.onDescribed
            controller.onDescribed = { session in
                requested?(session)
                guard described == nil, let info = session.info else { return }
                described = (info.summary, PanelSize(width: info.panelSize.x, height: info.panelSize.y))
                prompt.start(device: MonitorLineFormatter.deviceLine(port: port, info: info))
            }
        } else if let line = opened.summary(name: port), let panel = opened.panel {
            // A legacy controller or an input device knows its panel at once: the targets show now.
            described = (line, panel)
            prompt.start(device: line)
        }
        let session = opened.session
        try MonitorCommand.run(session, limits: live.limits(), tick: 10_000) { _ in
            prompt.refresh()
            return !collector.isComplete
        }
        prompt.close()
        try StopSignal.check()
        if let failure = session.failure { throw failure }
        guard let described else { throw HostFailure("\(port): the device did not describe itself") }
        let panel = described.panel
        guard collector.isComplete else {
            throw HostFailure("\(port): calibration stopped with \(collector.current) of \(targets.count) targets touched")
        }
        let fit: CalibrationFit
        do {
            fit = try CalibrationFit(pairs: collector.pairs, panel: panel, screen: size)
        } catch {
            throw HostFailure("\(port): calibration failed: \(error.reason); run it again")
        }
        for (index, residual) in fit.residuals.enumerated() {
            let target = targets[index]
            StandardOutput.line("target \(index + 1) at \(Self.pixels(target)) px: residual \(DecimalText.fixed(residual, places: 2)) px")
        }
        let file = CalibrationFile(matrix: fit.matrix, screen: size)
        let largest = fit.residuals.max() ?? 0
        let text = file.text(comment: [
            "touchhost calibrate, \(points) points on \(described.summary)",
            "largest residual \(DecimalText.fixed(largest, places: 2)) px",
        ])
        try OutputFile.replace(output, with: text)
        StandardOutput.line(file.matrixLine)
        StandardOutput.line("wrote \(output)")
    }

    static func pixels(_ point: ScreenPoint) -> String {
        "(\(DecimalText.fixed(point.x, places: 1)), \(DecimalText.fixed(point.y, places: 1)))"
    }
}
