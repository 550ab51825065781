import Boards
import Firmware
import Testing
import TouchCore
@testable import TouchHost

/// The host and an idling controller, in virtual time: the controller's firmware answers the
/// `DeviceSession` that `monitor` and the C API run through a scripted link, one millisecond at a
/// time, as the emulator's loop serves it. The session asks for idling itself; the controller
/// announces it in its info.
@Suite struct IdleSessionTests {
    static let board = BoardCatalog.defaultBoard

    /// What one run saw: the events, and the milliseconds in which the controller sent anything.
    struct Run {
        var events: [HostEvent] = []
        /// The host time at which each event left the session.
        var emittedAt: [Microseconds] = []
        var sendingInstants: [Microseconds] = []
        var session: DeviceSession?
        var allowanceWhileIdle: Microseconds?

        var statuses: [StatusKind] { events.compactMap { if case .status(let s) = $0 { s.kind } else { nil } } }
        var phases: [TouchPhase] { events.compactMap { if case .touch(let t, _, _) = $0 { t.phase } else { nil } } }
        var gestures: [String] {
            events.compactMap { if case .gesture(let g, _) = $0 { "\(g.kind) \(g.state)" } else { nil } }
        }
        func sends(between start: Microseconds, and end: Microseconds) -> Int {
            sendingInstants.filter { $0 >= start && $0 < end }.count
        }
    }

    /// Plays `script` from the start; the controller stops answering from `freezeAt` on (a stall).
    static func run(_ script: String, until end: Microseconds, freezeAt: Microseconds = .max) throws -> Run {
        var controller = TouchController(board: board, seed: 5)
        let link = ScriptedLink()
        var run = Run()
        var now: Microseconds = 0
        let session = DeviceSession(link: link, sink: {
            run.events.append($0)
            run.emittedAt.append(now)
        }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        var stimuli = Array(try TouchScriptParser.parse(script).stimuli(panel: board.panelSize, rate: board.reportRate))[...]
        while now <= end {
            if now < freezeAt {
                for byte in link.sent { controller.receive(byte) }
                link.sent.removeAll()
                while let next = stimuli.first, next.time <= now {
                    var before = ByteBuffer()
                    controller.advance(to: next.time, output: &before)
                    link.incoming += before.bytes
                    controller.apply(next.stimulus)
                    stimuli.removeFirst()
                }
                var output = ByteBuffer()
                controller.advance(to: now, output: &output)
                if !output.bytes.isEmpty { run.sendingInstants.append(now) }
                link.incoming += output.bytes
            }
            _ = session.dispatch(now: now)
            if now == 5_000_000 { run.allowanceWhileIdle = session.silenceAllowance }
            now += 1_000
        }
        session.finish(now: now)
        run.session = session
        return run
    }

    @Test func anIdleSessionWakesAFewTimesASecondAndATapAfterSecondsOfIdleArrivesWhole() throws {
        let run = try Self.run("6s tap 150 100\n", until: 8_000_000)
        let idle = try #require(run.session?.info?.idle)
        #expect(idle == Self.board.idle)
        // Idle from 2 s on: about four sends a second instead of 120.
        let idleSends = run.sends(between: 3_000_000, and: 6_000_000)
        #expect(idleSends >= 3 * 1_000 / Int(idle.reportInterval) - 1 && idleSends <= 3 * 1_000 / Int(idle.reportInterval) + 1)
        #expect(run.allowanceWhileIdle == DeviceSession.idleLag + idle.reportIntervalMicroseconds)
        // The tap: one touch begun and ended, recognized, and nothing the link could have caused.
        #expect(run.phases.filter { $0 == .began }.count == 1 && run.phases.filter { $0 == .ended }.count == 1, "\(run.phases)")
        #expect(!run.phases.contains(.cancelled))
        #expect(run.gestures.contains("tap recognized"), "\(run.gestures)")
        #expect(run.statuses.isEmpty, "\(run.statuses)")
        // Full rate from the touch on, back to idle 2 s after it.
        #expect(run.sends(between: 6_100_000, and: 7_000_000) >= 100)
    }

    /// First-touch latency, from the finger entering the panel to the host's `began`, at every
    /// phase (3 ms steps) against the scans: at full rate (1 s in, before the active timeout) and
    /// idling (2.5 s in). Virtual time in 1 ms steps, so each figure is within a millisecond.
    /// Printed for docs/performance.md ("Idle").
    @Test func firstTouchLatencyGrowsByAtMostTheIdleScanInterval() throws {
        func latencies(from start: Microseconds) throws -> [Microseconds] {
            try stride(from: Microseconds(0), to: 40_000, by: 3_000).map { phase in
                let down = start + phase
                let run = try Self.run("\(down / 1_000)ms down 1 150 100\n\(down / 1_000 + 100)ms up 1\n", until: down + 200_000)
                let began = try #require(run.events.firstIndex { if case .touch(let t, _, _) = $0 { t.phase == .began } else { false } })
                return run.emittedAt[began] - down
            }
        }
        let active = try latencies(from: 1_000_000)
        let idling = try latencies(from: 2_500_000)
        let period = Microseconds(1_000_000 / Self.board.reportRate)
        let step: Microseconds = 1_000
        #expect(active.allSatisfy { $0 <= 2 * period + step }, "\(active)")
        #expect(idling.allSatisfy { $0 <= Self.board.idle.scanIntervalMicroseconds + period + step }, "\(idling)")
        func summary(_ values: [Microseconds]) -> String {
            let sorted = values.sorted()
            return "median \(sorted[sorted.count / 2] / 1_000) ms, max \(sorted.last! / 1_000) ms"
        }
        print("first-touch latency: full rate \(summary(active)); idling \(summary(idling))")
    }

    /// A controller that freezes just after an idle scan saw a finger: the touch is cancelled by
    /// the report timeout within the usual margin, not the idle one (a touch is down).
    @Test func aStallRightAfterIdlingEndsIsCaughtWithinTheUsualMargin() throws {
        let run = try Self.run("4s hold 150 100 for 2s\n", until: 6_000_000, freezeAt: 4_100_000)
        #expect(run.phases.first == .began && run.phases.last == .cancelled, "\(run.phases)")
        #expect(run.statuses.contains(.reportTimeout))
        let cancelled = try #require(run.events.first { if case .touch(let t, _, _) = $0 { t.phase == .cancelled } else { false } })
        let session = try #require(run.session)
        let cancelledAt = session.hostInstant(ofSessionTime: cancelled.time)
        #expect(cancelledAt <= 4_100_000 + DeviceSession.idleLag + 100_000 + 20_000, "host time \(cancelledAt)")
    }

    /// A new host and an older controller: an info without modes bit 4 is never asked to idle, and
    /// the session keeps its usual allowance.
    @Test func aControllerThatDoesNotIdleIsNotAskedAndKeepsTheUsualAllowance() {
        let link = ScriptedLink()
        let session = DeviceSession(link: link, sink: { _ in }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        _ = session.dispatch(now: 0)
        var older = Firmware.TouchController(board: Self.board, seed: 1).deviceInfo
        older.supportedModes = ReportModeSet.contacts.union(.heatmap)
        link.queue(.info(older))
        link.sent.removeAll()
        _ = session.dispatch(now: 1_000)
        _ = session.dispatch(now: 2_000)
        var decoder = FrameDecoder()
        let commands = link.sent.compactMap { byte -> HostCommand? in
            if case .command(let frame)? = decoder.push(byte) { return frame.command }
            return nil
        }
        #expect(!commands.contains(.setIdleAcquisition(true)), "\(commands)")
        #expect(session.info?.idle == nil)
        #expect(session.silenceAllowance == DeviceSession.idleLag)
    }
}

/// A bridge passes its upstream controller's description on, but not its idling: the bridge
/// sends events as they happen, and an older downstream host reads the info layout it knows.
@Suite struct IdleBridgeTests {
    @Test func aBridgeAnnouncesNoIdleAcquisition() throws {
        var upstream = Firmware.TouchController(board: BoardCatalog.defaultBoard, seed: 1)
        upstream.setIdleAcquisition(true)
        let idling = upstream.deviceInfo
        #expect(idling.idle != nil && idling.supportedModes.contains(.idles))
        let wire = ScriptedLink()
        let bridge = BridgeLink(link: wire)
        var request = ByteBuffer()
        FrameEncoder.encode(CommandFrame(requestId: 1, command: .getInfo), to: &request)
        wire.incoming = request.bytes
        try bridge.serveCommands(info: idling)
        var decoder = FrameDecoder()
        let infos = wire.sent.compactMap { byte -> DeviceInfo? in
            if case .device(.info(let info))? = decoder.push(byte) { return info }
            return nil
        }
        var expected = idling
        expected.idle = nil
        expected.supportedModes = ReportModeSet(rawValue: idling.supportedModes.rawValue & ~ReportModeSet.idles.rawValue)
        #expect(infos == [expected])
    }
}
