import ArgumentParser
import Foundation
import TouchHost

struct BridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Send the touches and gestures recognized on PORT as frames on a second serial link.",
        discussion: """
            The frames are the wire protocol's touch, gesture and status frames (docs/protocol.md). A host on \
            the second link that asks for device info gets PORT's, so `touchhost monitor PORT2` works on it.
            """)

    @Argument(help: "The controller: /dev/ttyUSB0, /dev/pts/N or tcp:HOST:PORT.")
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
        let downstream = BridgeLink(link: try LinkOpener.open(out, baud: live.baud))
        let session = DeviceSession(link: try LinkOpener.open(port, baud: live.baud), sink: downstream.send) { info, sink in
            HostStack.pipeline(recognizers: selection, for: info, screen: screen, sink: sink)
        }
        session.onPipeline = { downstream.screen = $0.screenMapping }
        session.onDescribed = { _ in FileHandle.standardError.write(Data("bridging \(port) to \(out)\n".utf8)) }
        let loop = SessionRunLoop(limits: live.limits())
        loop.watched = [downstream.link.pollDescriptor]
        loop.onWake = { _ in
            try downstream.serveCommands(info: session.info)
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
