import Foundation
import SharedDataSupport
import Testing
import TouchCore
import TouchHost

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
        let emulator = try EmulatedController(["--board", "kiosk-15", "--script", script])
        defer { emulator.stop() }
        #expect(emulator.address.hasPrefix("/dev/"), "\(emulator.announcement)")
        let result = CAPIProcess.run(program, [emulator.address, "30"], timeout: 60)
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

    /// Issue 17's kiosk: `touchhost emulate --link tcp:0 --faults drop-link` hangs up halfway
    /// through its script with a finger held; the C loop, opened with TH_CONTEXT_RECONNECT, sees
    /// the touch cancelled, `disconnected` naming the port, `reconnected`, and a tap after it
    /// recognized by the recognizer it added before the loss.
    @Test func aKioskLoopKeepsItsRecognizersAcrossALostLink() throws {
        let program = try Self.build("CTests/c/reconnect_loop.c", "reconnect_loop")
        // The drop comes at half the script (1.5 s), the hold still down; the tap after it is on the right half.
        let emulator = try EmulatedController(
            script: "0ms hold 100 100 for 2s\n2800ms tap 260 100\n", ["--link", "tcp:0", "--faults", "drop-link"])
        defer { emulator.stop() }
        #expect(emulator.address.hasPrefix("tcp:"), "\(emulator.announcement)")
        let result = CAPIProcess.run(program, [emulator.address, "20000"], timeout: 40)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("reconnect_loop: ok"), "\(result.output)")
        let statuses = result.output.split(separator: "\n").filter { $0.hasPrefix("status ") }
        #expect(statuses.first?.hasPrefix("status 3 tcp:") == true, "\(statuses)")
        #expect(statuses.contains("status 4 -"), "\(statuses)")
    }

    /// What sits on a port where no touch controller answers, and the words that say so.
    enum Squatter: String, CaseIterable {
        case silent, text, garbage

        var heard: String {
            switch self {
            case .silent: "heard nothing"
            case .text: "heard text \"login:"
            case .garbage: "bytes that are not touchhost frames"
            }
        }

        /// What it sends every 10 ms.
        func chunk(_ generator: inout SystemRandomNumberGenerator) -> [UInt8] {
            switch self {
            case .silent: []
            case .text: Array("login: \r\n".utf8)
            case .garbage: (0..<256).map { _ in UInt8.random(in: 0...255, using: &generator) }
            }
        }
    }

    /// Issue 17: a port with no controller gets, once, a TH_STATUS_NO_ANSWER event and a
    /// TH_ERR_TIMED_OUT naming the port, the baud rate and what came instead; the loop is woken a
    /// bounded number of times (the link is read on a 20 ms tick until a controller answers), not
    /// by every byte of noise.
    @Test(arguments: Squatter.allCases)
    func aPortWhereNoControllerAnswersIsReportedOnceWithWhatCame(_ squatter: Squatter) throws {
        let program = try Self.build("CTests/c/no_answer.c", "no_answer")
        let pty = try PseudoTerminal()
        let controllerSide = pty.link.writeDescriptor
        let done = NSLock()
        nonisolated(unsafe) var stopped = false
        let writer = Thread {
            var generator = SystemRandomNumberGenerator()
            while !done.withLock({ stopped }) {
                let bytes = squatter.chunk(&generator)
                if !bytes.isEmpty { _ = bytes.withUnsafeBytes { write(controllerSide, $0.baseAddress, $0.count) } }
                usleep(10_000)
            }
        }
        writer.start()
        defer {
            done.withLock { stopped = true }
            usleep(20_000)
            withExtendedLifetime(pty) {}
        }
        let result = CAPIProcess.run(program, [pty.path, "3000"], timeout: 30)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let timedOut = lines.filter { $0.hasPrefix("timed out ") }
        #expect(timedOut.count == 1, "\(result.output)")
        let message = timedOut.first ?? ""
        #expect(message.contains(pty.path) && message.contains("within 2 s") && message.contains(" baud"), "\(message)")
        #expect(message.contains(squatter.heard), "\(message)")
        #expect(lines.filter { $0.hasPrefix("status 101 \(pty.path)") }.count == 1, "\(result.output)")
        let dispatches = Int(lines.first { $0.hasPrefix("dispatches ") }?.dropFirst("dispatches ".count) ?? "") ?? .max
        // 3 s at one wake per 20 ms tick is 150; a loop woken by every chunk of noise would be far more.
        #expect(dispatches < 400, "\(dispatches) dispatches in 3 s")
    }

    /// Issue 17: what cannot be a controller's port is refused when it is opened.
    @Test(arguments: ["/dev/null", "/dev/zero", "regular file"])
    func whatIsNoPortIsRefusedAtOpen(_ what: String) throws {
        let program = try Self.build("CTests/c/no_answer.c", "no_answer")
        var path = what
        if what == "regular file" {
            path = CAPILibrary.scratch("not-a-port-\(getpid()).txt")
            try "hello\n".write(toFile: path, atomically: true, encoding: .utf8)
        }
        let result = CAPIProcess.run(program, [path, "1000"], timeout: 30)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("open -1 \(path): is "), "\(result.output)")
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

/// Real touchscreen recordings (evemu, Tests/Data) replayed through the C API: each ends
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
