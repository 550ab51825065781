import ArgumentParser
import Foundation
import TouchCore
import TouchHost

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run as a service: read a controller or a Linux input device and give the system a virtual touchscreen.",
        discussion: """
            SOURCE is a serial port, a pty, tcp:HOST:PORT or a Linux input device (/dev/input/eventN or a \
            by-id/by-path link; ?grab=1 takes it for touchhost alone). With --uinput, every touch the host stack \
            keeps (palms and ghosts never) goes to a virtual multitouch touchscreen through /dev/uinput, in screen \
            pixels with --screen, else in panel tenths of a millimetre; --bind GESTURE=KEY presses keys on a \
            second virtual device. SIGTERM and SIGINT release every touch before the devices go. See docs/system.md.
            """)

    @Argument(help: "A serial port, /dev/pts/N, tcp:HOST:PORT or /dev/input/eventN[?grab=1].")
    var source: String

    @Flag(help: "Create the virtual touchscreen through /dev/uinput.")
    var uinput = false

    @Option(help: "The virtual touchscreen's name.")
    var name: String = "touchhost virtual touchscreen"

    @Option(name: .customLong("bind"), help: "GESTURE=KEY, e.g. swipe-left=KEY_BACK or long-press=BTN_RIGHT (repeatable).")
    var bindings: [String] = []

    @Option(help: "Keep Prometheus text-format metrics in FILE (node_exporter's textfile collector), rewritten a second after a change, never while nothing changes.")
    var metrics: String?

    @Flag(help: "Print the JSON event stream too.")
    var json = false

    @Option(help: "kiosk, or a comma-separated list of recognizer names.")
    var recognizers: String = "kiosk"

    @Option(help: "A Linux input device's panel size in mm, WxH, when it reports no resolution.")
    var size: String?

    @OptionGroup var live: LiveOptions

    @OptionGroup var screenOptions: ScreenOptions

    func validate() throws {
        do { _ = try RecognizerSelection.parse(recognizers) } catch { throw ValidationError("--recognizers: \(error)") }
        do { _ = try GestureBindings(bindings) } catch { throw ValidationError(error.message) }
        if !bindings.isEmpty && !uinput { throw ValidationError("--bind needs --uinput") }
        if let size, MonitorCommand.panel(size) == nil { throw ValidationError("--size is WxH in mm, e.g. 345x194") }
        if !uinput && !json && metrics == nil { throw ValidationError("serve needs something to serve: --uinput, --json or --metrics") }
    }

    func run() throws {
        let selection = try RecognizerSelection.parse(recognizers)
        let screen = try screenOptions.setting()
        let output = json ? EventOutput(json: true, recognizerNames: selection.engineNames, live: true) : nil
        let service = ServeOutputs(output: output, metrics: metrics.map { ($0, ServeMetrics()) })
        var spec = try SourceSpec.parse(source)
        if let size { spec.size = MonitorCommand.panel(size) }
        let opened = try spec.openSession(live.recipe(recognizers: selection, screen: screen, sink: service.receive))
        // An input device stamps its reports with the kernel's monotonic time: latency runs from there.
        if case .inputDevice = opened { service.reportTimesAreHostTimes = true }
        if let panel = opened.panel {
            try service.attach(panel: panel, command: self, screen: screen)
        } else if case .controller(let controller) = opened {
            // The virtual devices are made once the controller has said its panel, and stay while it reconnects.
            let requested = controller.onDescribed
            controller.onDescribed = { session in
                requested?(session)
                guard let info = session.info else { return }
                service.attachOnce(panel: PanelSize(width: info.panelSize.x, height: info.panelSize.y), command: self, screen: screen)
            }
        }
        let session = opened.session
        defer { service.close() }
        let loop = SessionRunLoop(limits: live.limits())
        service.wakeTime = { [unowned loop] in loop.lastWake }
        loop.onWake = { now in
            service.flush(now: now)
            if let failure = service.failure { throw failure }
            return true
        }
        // Nothing else wakes a quiet service: the metrics file is brought up to date once, a second after a change.
        loop.wakeAt = { service.nextMetricsWrite }
        try loop.run(session)
        try StopSignal.check()
        if case .controller(let controller) = opened, let failure = controller.failure { throw failure }
    }
}

/// Where serve's events go: the virtual touchscreen, the binding keyboard, the JSON stream and the
/// metrics, and the latency of each frame.
final class ServeOutputs {
    private let output: EventOutput?
    private let metrics: (path: String, counters: ServeMetrics)?
    private var screen: VirtualTouchscreen?
    private var keyboard: BindingKeyboard?
    /// When the first touch change of the frame being built left the host stack (host clock): the
    /// start of a frame's latency for a controller, whose report times are the device's.
    private var firstChange: Microseconds?
    /// The source stamps its reports on the host's monotonic clock (a Linux input device: the
    /// kernel's time of the report), so a frame's latency runs from its report's arrival.
    var reportTimesAreHostTimes = false
    /// When the run loop last woke (to read a report, or for a timer): where serve's own work on a frame starts.
    var wakeTime: (() -> Microseconds)?
    private var closed = false

    init(output: EventOutput?, metrics: (String, ServeMetrics)?) {
        self.output = output
        self.metrics = metrics.map { (path: $0.0, counters: $0.1) }
    }

    /// Why the virtual devices could not be made, for the loop to end the run with.
    private(set) var failure: (any Error)?

    /// `attach` from a callback that cannot throw: the first description only; a failure ends the run.
    func attachOnce(panel: PanelSize, command: ServeCommand, screen setting: ScreenSetting?) {
        guard screen == nil, failure == nil else { return }
        do { try attach(panel: panel, command: command, screen: setting) } catch { failure = error }
    }

    /// Creates the virtual devices once the source's panel is known.
    func attach(panel: PanelSize, command: ServeCommand, screen setting: ScreenSetting?) throws {
        guard command.uinput else { return }
        let screen = try VirtualTouchscreen(name: command.name, panel: panel, screen: setting)
        screen.onFrame = { [unowned self] time in
            let now = MonotonicClock.now()
            if let start = reportTimesAreHostTimes ? time : firstChange {
                metrics?.counters.observe(latency: max(now - start, 0), work: wakeTime.map { max(now - $0(), 0) })
            }
            firstChange = nil
        }
        self.screen = screen
        let bindings = try GestureBindings(command.bindings)
        if !bindings.isEmpty { keyboard = try BindingKeyboard(name: command.name + " keys", bindings: bindings) }
    }

    func receive(_ event: HostEvent) {
        if case .touch = event, firstChange == nil { firstChange = MonotonicClock.now() }
        screen?.apply(event)
        keyboard?.apply(event)
        output?.write(event)
        metrics?.counters.observe(event)
    }

    /// The end of one dispatch at the loop's `now`: the frame being built goes out, the metrics
    /// file when it is due (`ServeMetrics.nextWrite`).
    func flush(now: Microseconds) {
        screen?.flush()
        // Touch changes that moved nothing on the screen wrote no frame: the next frame starts afresh.
        firstChange = nil
        if let metrics, let problem = metrics.counters.writeIfDue(to: metrics.path, now: now) {
            FileHandle.standardError.write(Data("touchhost: \(problem)\n".utf8))
        }
    }

    /// When the metrics file must next be written; nil without --metrics or while it is up to date.
    var nextMetricsWrite: Microseconds? { metrics?.counters.nextWrite }

    /// Every slot released, the devices removed, the metrics written a last time.
    func close() {
        guard !closed else { return }
        closed = true
        screen?.flush()
        screen?.close()
        keyboard?.close()
        output?.flush()
        if let metrics {
            metrics.counters.write(to: metrics.path, now: MonotonicClock.now())
            let latency = metrics.counters.reportToUInput
            if let p99 = latency.percentile(0.99) {
                let work = metrics.counters.serveWork.percentile(0.99).map { ", serve's own work p99 \($0) µs" } ?? ""
                FileHandle.standardError.write(Data("touchhost: \(latency.count) frames, report to uinput p99 \(p99) µs\(work)\n".utf8))
            }
        }
    }
}
