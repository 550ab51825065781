import TouchHost

/// What `calibrate` tells the person touching: one line per prompt and result on standard output,
/// or on a terminal a scaled outline of the screen with the target to touch marked.
final class CalibrationPrompt {
    private let screen: ScreenSize
    private let targets: [ScreenPoint]
    private var terminal: TerminalScreen?
    private var current = 0
    private var message = ""
    private var device = ""
    private var changed = true

    init(screen: ScreenSize, targets: [ScreenPoint], onTerminal: Bool) {
        self.screen = screen
        self.targets = targets
        terminal = onTerminal ? TerminalScreen() : nil
    }

    func start(device: String) {
        self.device = device
        say("\(device)")
        say("calibrating a \(screen.width) x \(screen.height) px screen with \(targets.count) targets: touch each and hold still")
        ask()
    }

    func report(_ outcome: CalibrationCollector.Outcome, next: Int) {
        switch outcome {
        case .accepted(let index, let panel):
            say("target \(index + 1) taken at (\(DecimalText.fixed(Double(panel.x), places: 2)), "
                + "\(DecimalText.fixed(Double(panel.y), places: 2))) mm")
        case .refused(let index, let reason):
            say("target \(index + 1) refused: \(reason); touch it again")
        }
        current = next
        if next < targets.count { ask() }
    }

    /// Redraws the terminal view when something changed.
    func refresh() {
        guard let terminal, changed else { return }
        changed = false
        let size = TerminalScreen.size()
        let rows = CalibrationView.render(
            screen: screen, targets: targets, current: current, header: device, message: message,
            width: size.columns, height: size.rows)
        terminal.draw(rows, size: size)
    }

    /// Leaves the terminal view, so the results print on the normal screen.
    func close() { terminal = nil }

    private func ask() {
        say("target \(current + 1) of \(targets.count): touch \(CalibrateCommand.pixels(targets[current])) px")
    }

    private func say(_ text: String) {
        message = text
        changed = true
        if terminal == nil { StandardOutput.line(text) }
    }
}
