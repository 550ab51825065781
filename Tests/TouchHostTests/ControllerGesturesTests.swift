import Boards
import Firmware
import Testing
import TouchCore
@testable import TouchHost

/// Gestures mode: the controller runs the tracker and the kiosk recognizers itself. The same
/// script played on the emulated controller in contacts mode (the host recognizes) and in
/// gestures mode (the controller recognizes) must give the host the same gestures.
@Suite struct ControllerGesturesTests {
    static let script = """
        100ms   tap    100 60
        900ms   tap    200 100
        1050ms  tap    200 100
        1900ms  hold   150 100 for 800ms
        3200ms  drag   from 60 120 to 200 120 in 600ms
        4500ms  pinch  at 170 100 from 40 to 120 in 500ms
        5600ms  drag   from 80 60 to 230 60 in 250ms
        """

    /// What each scripted action should make the host recognize, so the comparison is not between two empty runs.
    static let expectedNames = ["tap", "double-tap", "long-press", "pan", "pinch", "swipe"]

    struct Action: CustomStringConvertible {
        var name: String
        var state: GestureActionState
        var time: Microseconds
        var location: PanelPoint
        var description: String { "\(name) \(state) @\(time / 1000)ms (\(location.x), \(location.y))" }
    }

    @Test func theControllerRecognizesWhatTheHostRecognizesFromItsContacts() throws {
        let host = try play(mode: nil)
        let controller = try play(mode: "gestures")
        for name in Self.expectedNames {
            #expect(host.contains { $0.name == name && ($0.state == .recognized || $0.state == .began) }, "host: \(host)")
        }
        try #require(controller.count == host.count, "host: \(host)\ncontroller: \(controller)")
        let interval = Microseconds(1_000_000 / BoardCatalog.defaultBoard.reportRate)
        for (mine, theirs) in zip(controller, host) {
            #expect(mine.name == theirs.name && mine.state == theirs.state, "\(mine) vs \(theirs)")
            #expect(abs(mine.time - theirs.time) <= interval, "\(mine) vs \(theirs)")
            #expect(mine.location.distance(to: theirs.location) <= 1, "\(mine) vs \(theirs)")
        }
    }

    @Test func gesturesModeSendsTheTouchesToo() throws {
        let link = ScriptedLink()
        let events = Box<[HostEvent]>([])
        _ = try run(mode: "gestures", script: "100ms tap 100 60\n", link: link, events: events)
        let phases = events.value.compactMap { if case .touch(let touch, _, _) = $0 { touch.phase } else { nil } }
        #expect(phases.first == .began)
        #expect(phases.last == .ended)
    }

    @Test func aResetCancelsTheControllersTouchesAndRecognitionResumes() throws {
        let link = ScriptedLink()
        let events = Box<[HostEvent]>([])
        // The reset falls inside the hold. The controller recalibrates with the finger on the panel,
        // so what it sees next is its business; the host must cancel the touch and ask for gestures again.
        let finalMode = try run(
            mode: "gestures", script: "100ms hold 100 60 for 1000ms\n", link: link, events: events, resetAt: 600_000)
        #expect(finalMode == .gestures, "the host did not ask for gestures mode again")
        let touches = events.value.compactMap { if case .touch(let touch, let time, _) = $0 { (touch, time) } else { nil } }
        let cancelled = try #require(touches.first { $0.0.phase == .cancelled }, "\(touches.map(\.0.phase))")
        #expect(cancelled.1 >= 600_000 && cancelled.1 < 700_000, "cancelled at \(cancelled.1)")
        let began = touches.filter { $0.0.phase == .began }
        let ids = began.map(\.0.trackingId)
        #expect(Set(ids).count == ids.count, "a tracking id came back: \(ids)")
    }

    @Test func aControllerWithoutRecognizersRefusesGesturesMode() {
        var controller = TouchController(board: BoardCatalog.defaultBoard, seed: 1)
        #expect(!controller.deviceInfo.supportedModes.supports(.gestures))
        #expect(GestureController(board: BoardCatalog.defaultBoard, seed: 1).controller.deviceInfo.supportedModes.supports(.gestures))
        var bytes = ByteBuffer()
        FrameEncoder.encode(CommandFrame(requestId: 7, command: .setMode(.gestures)), to: &bytes)
        for byte in bytes.bytes { controller.receive(byte) }
        #expect(controller.mode == .contacts)
    }

    @Test func controllerIndicesBecomeTheHostsNamesForItsChosenRecognizers() {
        let names = ["pinch", "tap"]
        var source = ControllerGestureSource(hostNames: names)
        let kiosk = ControllerGestureSource.controllerNames
        for (index, name) in kiosk.enumerated() {
            let event = GestureEvent(
                recognizer: UInt8(index), kind: .tap, state: .recognized, timestamp: 5, location: .zero, touches: 1)
            guard case .gesture(let mapped, _)? = source.gesture(event, at: 9) else {
                #expect(!names.contains(name), "\(name) was dropped")
                continue
            }
            #expect(names[Int(mapped.recognizer)] == name)
            #expect(mapped.timestamp == 9)
        }
    }

    private func play(mode: String?) throws -> [Action] {
        let link = ScriptedLink()
        let events = Box<[HostEvent]>([])
        _ = try run(mode: mode, script: Self.script, link: link, events: events)
        let names = RecognizerSelection.kiosk.engineNames
        return events.value.compactMap {
            guard case .gesture(let event, _) = $0 else { return nil }
            return Action(
                name: JSONEventFormatter.name(of: event.recognizer, in: names), state: event.state,
                time: event.timestamp, location: event.location)
        }
    }

    /// The emulator's loop in virtual time: scans due before each scripted action run first, and
    /// every byte the controller sends reaches the session at once.
    private func run(
        mode: String?, script text: String, link: ScriptedLink, events: Box<[HostEvent]>, resetAt: Microseconds? = nil
    ) throws -> ReportMode {
        let board = BoardCatalog.defaultBoard
        var controller = GestureController(board: board, seed: 3)
        // In gestures mode the host's own pipeline gets no recognizers: every gesture seen is the controller's.
        let hostRecognizers = mode == "gestures" ? RecognizerSelection(names: []) : .kiosk
        let session = DeviceSession(link: link, sink: { events.value.append($0) }) { info, sink in
            HostStack.pipeline(recognizers: hostRecognizers, for: info, sink: sink)
        }
        session.controllerEvents = ControllerGestureSource(hostNames: RecognizerSelection.kiosk.engineNames)
        var current: Microseconds = 0
        /// In 5 ms steps, as the emulator's loop runs: what the controller owes goes out stamped near its time.
        func serve(until time: Microseconds) {
            while current < time {
                current = min(time, current + 5_000)
                step(to: current)
            }
        }
        func step(to time: Microseconds) {
            for byte in link.sent { controller.receive(byte) }
            link.sent.removeAll()
            var output = ByteBuffer()
            controller.advance(to: time, output: &output)
            session.receive(output.bytes, at: time)
            session.advanceIdle(at: time)
        }
        // The controller sends its info at power-up, with the first scan's report: no handshake needed.
        step(to: 0)
        try #require(session.info != nil)
        if let mode { try session.selectMode(named: mode) }
        let script = try TouchScriptParser.parse(text)
        let stimuli = Array(script.stimuli(panel: board.panelSize, rate: board.reportRate))
        var pendingReset = resetAt
        for stimulus in stimuli {
            if let reset = pendingReset, reset <= stimulus.time {
                serve(until: reset)
                controller.reset()
                pendingReset = nil
            }
            serve(until: stimulus.time)
            controller.apply(stimulus.stimulus)
        }
        serve(until: (stimuli.last?.time ?? 0) + 1_500_000)
        session.finish()
        return controller.controller.mode
    }
}
