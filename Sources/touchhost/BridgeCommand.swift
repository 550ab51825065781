import ArgumentParser
import Foundation
import TouchHost

struct BridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Send the touches and gestures recognized on PORT as frames on a second serial link.",
        discussion: """
            The frames are the wire protocol's touch, gesture and status frames (docs/protocol.md). A host on \
            the second link that asks for device info gets PORT's, so `touchhost monitor PORT2` works on it; a legacy \
            controller's or a Linux input device's (which have none) says its panel, board "legacy" or "evdev".
            """)

    @Argument(help: "The controller: /dev/ttyUSB0, /dev/pts/N, tcp:HOST:PORT, or a Linux input device /dev/input/eventN[?grab=1].")
    var port: String

    @Option(help: "The downstream link, same forms as PORT.")
    var out: String

    @Option(help: "kiosk, or a comma-separated list of recognizer names.")
    var recognizers: String = "kiosk"

    @OptionGroup var live: LiveOptions

    @OptionGroup var screenOptions: ScreenOptions

    func validate() throws {
        do { _ = try RecognizerSelection.parse(recognizers) } catch { throw ValidationError("--recognizers: \(error)") }
        if let size = screenOptions.screen.flatMap(ScreenSize.init(parsing:)),
            max(size.width, size.height) > BridgeLink.maximumScreenSide
        {
            throw ValidationError("--screen: a bridge announces at most \(BridgeLink.maximumScreenSide) pixels a side")
        }
    }

    func run() throws {
        let selection = try RecognizerSelection.parse(recognizers)
        let screen = try screenOptions.setting()
        // A calibration file's screen line can be larger than an info frame can say.
        if let size = screen?.size, max(size.width, size.height) > BridgeLink.maximumScreenSide {
            throw HostFailure("\(screenOptions.calibration ?? "--screen"): screen \(size.width)x\(size.height): a bridge announces at most \(BridgeLink.maximumScreenSide) pixels a side")
        }
        let downstream = BridgeLink(link: try LinkOpener.open(out, baud: live.baud))
        var recipe = live.recipe(recognizers: selection, screen: screen, sink: downstream.send)
        let makePipeline = recipe.makePipeline
        recipe.makePipeline = { tracker, panel, sink in
            let pipeline = makePipeline(tracker, panel, sink)
            downstream.screen = pipeline.screenMapping
            return pipeline
        }
        let opened = try SourceSpec.parse(port).openSession(recipe)
        let started = "bridging \(port) to \(out)\n"
        if case .controller(let controller) = opened {
            let requested = controller.onDescribed
            controller.onDescribed = { session in
                requested?(session)
                // Downstream hears the device's description first, as from a controller that starts.
                if let info = session.info { downstream.announce(info) }
                FileHandle.standardError.write(Data(started.utf8))
            }
        } else {
            // A legacy controller or an input device has no description of its own: downstream hears its panel.
            if let info = opened.info { downstream.announce(info) }
            FileHandle.standardError.write(Data(started.utf8))
        }
        let session = opened.session
        let loop = SessionRunLoop(limits: live.limits())
        loop.watched = [downstream.link.pollDescriptor]
        loop.watchedWantWriting = { downstream.link.queuedOutput > 0 }
        loop.onWake = { _ in
            try downstream.serveCommands(info: opened.info)
            try downstream.flush()
            return true
        }
        try loop.run(session)
        // The upstream port went, or the run was cut: downstream hears the touches cancelled (and why).
        try downstream.flush()
        try StopSignal.check()
        if let failure = session.failure { throw failure }
    }
}
