import Foundation
import SharedDataSupport
import Testing
import TouchCore

/// C programs against a controller on a pseudo-terminal (the test plays the controller) and
/// against replays, as a kiosk would run them: poll the context's fd, dispatch, drain.
@Suite("CAPI devices", .serialized)
struct CAPIDeviceTests {
    static func build(_ source: String, _ name: String, sanitize: Bool = false) throws -> String {
        try CAPILibrary.program(source, name, sanitize: sanitize)
    }

    @Test func aControllerOnAPseudoTerminalGivesTapsPansAndPinchesThenADisconnect() throws {
        let program = try Self.build("CTests/c/source_loop.c", "source_loop")
        let controller = try CAPIFakeController()
        let running = CAPIProcess.start(program, [controller.path, "20000"])
        #expect(controller.answerHost(within: 10), "the C program never asked the controller to describe itself")
        controller.idle(seconds: 0.1)
        controller.tap(at: PanelPoint(x: 150, y: 100))
        controller.idle(seconds: 0.6)
        controller.drag(from: PanelPoint(x: 60, y: 60), to: PanelPoint(x: 200, y: 70))
        controller.idle(seconds: 0.2)
        controller.pinch(at: PanelPoint(x: 170, y: 100), from: 40, to: 110)
        controller.idle(seconds: 0.3)
        controller.unplug()
        let result = running.finish(timeout: 30)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("gesture tap recognized"), "\(result.output)")
        #expect(lines.contains("gesture pan began"))
        #expect(lines.contains("gesture pan ended"))
        #expect(lines.contains("gesture pinch began"))
        #expect(lines.contains("gesture pinch ended"))
        #expect(lines.contains("status 3 0"), "a disconnected status ends the run")
    }

    /// The whole stack: firmware emulated in-process on its simulated panel, its link, the
    /// session, tracker and recognizers, and the example program's regions.
    @Test func kioskExampleOnAnEmulatedBoard() throws {
        let program = try Self.build("examples/kiosk.c", "kiosk")
        let script = CAPILibrary.source("CTests/c/fixtures/kiosk_tour.touch")
        let result = CAPIProcess.run(program, ["emulate:kiosk-15?script=\(script)", "30"], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("kiosk: kiosk-15, 345 x 194 mm"), "\(result.output)")
        #expect(lines.filter { $0.hasPrefix("button") } == ["button 2", "button 4"], "\(result.output)")
        #expect(lines.contains("map pan began"))
        #expect(lines.contains { $0.hasPrefix("map pan ended") })
        #expect(lines.contains("map zoom began"))
        #expect(lines.contains { $0.hasPrefix("map zoom ended, scale 2.") }, "\(result.output)")
        #expect(lines.last?.hasSuffix("went away") == true, "the emulator hangs up after its script")
    }

    /// The same tour played by `touchhost emulate` in its own process, the kiosk on the pty it names.
    @Test func kioskExampleAgainstTouchhostEmulate() throws {
        let program = try Self.build("examples/kiosk.c", "kiosk")
        let script = CAPILibrary.source("CTests/c/fixtures/kiosk_tour.touch")
        let emulator = try TouchHostBinary.start(
            try TouchHostBinary.locate(), ["emulate", "--board", "kiosk-15", "--script", script])
        defer { if emulator.process.isRunning { emulator.process.terminate() } }
        let first = try #require(emulator.firstLine())
        #expect(first.hasPrefix("pty: /dev/"), "\(first)")
        let path = String(first.dropFirst("pty: ".count))
        let result = CAPIProcess.run(program, [path, "30"], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("button") } == ["button 2", "button 4"], "\(result.output)")
        #expect(lines.contains("map pan began"))
        #expect(lines.contains { $0.hasPrefix("map zoom ended, scale 2.") }, "\(result.output)")
        #expect(lines.last?.hasSuffix("went away") == true, "the emulator exits after its script")
    }

    @Test func aControllerOverTCPWorksAsOneOnAPort() throws {
        let program = try Self.build("CTests/c/source_loop.c", "source_loop")
        let listener = try CAPITCPListener()
        var running: CAPIProcess.Running?
        let controller = try CAPIFakeController(listener: listener) {
            running = CAPIProcess.start(program, ["tcp:127.0.0.1:\(listener.port)", "20000"])
        }
        #expect(controller.answerHost(within: 10))
        controller.idle(seconds: 0.1)
        controller.tap(at: PanelPoint(x: 100, y: 100))
        controller.idle(seconds: 0.6)
        controller.unplug()
        let result = try #require(running).finish(timeout: 30)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("gesture tap recognized"), "\(result.output)")
        #expect(result.output.contains("status 3 0"))
    }

    @Test func aControllerThatHangsUpGivesErrorsNotSIGPIPE() throws {
        let program = try Self.build("CTests/c/peer_gone.c", "peer_gone")
        let listener = try CAPITCPListener()
        let running = CAPIProcess.start(program, ["tcp:127.0.0.1:\(listener.port)"])
        let fd = try listener.accept(within: 10)
        close(fd)
        let result = running.finish(timeout: 30)
        #expect(result.status == 0, "status \(result.status) (13 is SIGPIPE):\n\(result.output)")
        #expect(result.output.contains("peer_gone: ok"))
    }

    @Test func kioskExampleTellsTheMapFromTheButtonBar() throws {
        let program = try Self.build("examples/kiosk.c", "kiosk")
        let controller = try CAPIFakeController()
        let running = CAPIProcess.start(program, [controller.path, "30"])
        #expect(controller.answerHost(within: 10))
        controller.idle(seconds: 0.3)
        // The bar is the bottom 34 mm of 194; four buttons across 345 mm: x = 130 is button 2.
        controller.tap(at: PanelPoint(x: 130, y: 180))
        controller.idle(seconds: 0.2)
        controller.tap(at: PanelPoint(x: 300, y: 185))
        controller.idle(seconds: 0.2)
        controller.drag(from: PanelPoint(x: 100, y: 80), to: PanelPoint(x: 180, y: 90))
        controller.idle(seconds: 0.2)
        controller.pinch(at: PanelPoint(x: 170, y: 80), from: 40, to: 100)
        controller.idle(seconds: 0.2)
        // A tap on the map is no button.
        controller.tap(at: PanelPoint(x: 130, y: 60))
        controller.idle(seconds: 0.3)
        controller.unplug()
        let result = running.finish(timeout: 30)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("button") } == ["button 2", "button 4"], "\(result.output)")
        #expect(lines.contains("map pan began"))
        #expect(lines.contains { $0.hasPrefix("map pan ended, moved 80") }, "\(result.output)")
        #expect(lines.contains("map zoom began"))
        #expect(lines.contains { $0.hasPrefix("map zoom ended, scale 2.") }, "\(result.output)")
        #expect(lines.contains { $0.hasSuffix("went away") })
    }

    @Test func replayOfARecordingRunsTheLinkTrafficThroughTheWholeStack() throws {
        let program = try Self.build("CTests/c/source_loop.c", "source_loop")
        let controller = CAPIRecordedController()
        controller.idle(seconds: 0.1)
        controller.tap(at: PanelPoint(x: 150, y: 100))
        controller.idle(seconds: 0.5)
        controller.pinch(at: PanelPoint(x: 170, y: 100), from: 40, to: 110)
        controller.idle(seconds: 0.2)
        let file = CAPILibrary.scratch("taps-and-pinch.threc")
        try controller.text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = CAPIProcess.run(program, ["replay:" + file], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0 == "gesture tap recognized" }.count == 1, "\(result.output)")
        #expect(lines.contains("gesture pinch began"))
        #expect(lines.contains("gesture pinch ended"))
        #expect(lines.contains("touches began 3 ended 3, \(lines.filter { $0.hasPrefix("gesture") }.count) gesture actions, 1 statuses"))
    }

    @Test func commandsReachTheControllerAndItsAnswersComeBackAsEvents() throws {
        let program = try Self.build("CTests/c/device_commands.c", "device_commands")
        let controller = try CAPIFakeController()
        let running = CAPIProcess.start(program, [controller.path])
        #expect(controller.answerHost(within: 10))
        let commands = controller.receiveCommands(2, within: 10)
        #expect(commands == [.setReportRate(60), .recalibrate])
        controller.status(.recalibrated)
        controller.idle(seconds: 0.2)
        controller.unplug()
        let result = running.finish(timeout: 30)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("device_commands: ok"))
    }

    @Test(arguments: [false, true])
    func replayOfATouchScriptRecognizesWhatItPlays(sanitized: Bool) throws {
        let program = try Self.build("CTests/c/source_loop.c", "source_loop", sanitize: sanitized)
        let script = CAPILibrary.source("CTests/c/fixtures/tap_pinch_drag.touch")
        let result = CAPIProcess.run(program, ["replay:" + script], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        let gestures = result.output.split(separator: "\n").filter { $0.hasPrefix("gesture") && !$0.hasSuffix("changed") }
        #expect(gestures.contains("gesture tap recognized"))
        #expect(gestures.contains("gesture pinch began"))
        #expect(gestures.contains("gesture pinch ended"))
        #expect(gestures.contains("gesture pan began"))
        #expect(gestures.filter { $0 == "gesture tap recognized" }.count == 1)
    }
}

/// Real touchscreen recordings (evemu, shared/data) replayed through the C API: each ends
/// with the source's end, and every touch that began ended (source_loop checks both).
@Suite("CAPI recordings", .serialized)
struct CAPIRecordingTests {
    static let recordings = SharedTestData.cases(in: "evemu", extensions: ["events", "event"])

    @Test(arguments: recordings)
    func evemuRecordingReplaysToItsEnd(_ file: DataFile) throws {
        let program = try CAPIDeviceTests.build("CTests/c/source_loop.c", "source_loop")
        let name = file.name
        // No size: devices without a resolution replay on the importer's assumed panel.
        let source = "replay:\(try file.url().path)"
        let result = CAPIProcess.run(program, [source], timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        let summary = result.output.split(separator: "\n").first { $0.hasPrefix("touches began") } ?? ""
        #expect(!summary.hasPrefix("touches began 0 "), "no touches in \(name): \(summary)")
        if name.contains("taps") {
            #expect(result.output.contains("tap recognized"), "\(result.output.suffix(400))")
        }
    }
}
