import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// The emulator with one fault at a time, read through the host over a real pseudo-terminal:
/// whatever the link or the controller does wrong, the decoder finds the next frame at once,
/// every touch that began ends, and the status stream says what happened.
@Suite struct FaultEndToEndTests {
    /// A tap, a drag across the midpoint (where one-shot faults fire) and a hold: about 1.7 s.
    static let script = """
        0ms     tap    100 60
        200ms   drag   from 60 120 to 160 120 in 800ms
        1100ms  hold   200 100 for 600ms
        """

    struct Case: Sendable, CustomStringConvertible {
        var faults: String
        /// A status the host must report; nil when the tracker repairs the fault silently (a lost
        /// lift is implied by the next full report, a reused id by its jump).
        var expected: String?
        /// How many touches the host must see; nil when the fault may cost one (heavy noise).
        var touches: Int?
        var description: String { faults }
    }

    /// The script's three touches; a reset mid-drag splits the drag in two.
    static let cases: [Case] = [
        Case(faults: "byte-loss=20,seed=3", expected: "resync", touches: 3),
        Case(faults: "bit-flips=20,seed=3", expected: "resync", touches: 3),
        // The noise gate keeps bursts from touching (docs/ghosts.md); under this much noise a
        // short tap may find too few quiet scans to be confirmed in.
        Case(faults: "noise=200,seed=3", expected: nil, touches: nil),
        Case(faults: "lost-lifts=1000,seed=3", expected: nil, touches: 3),
        Case(faults: "id-reuse=500,seed=3", expected: nil, touches: 3),
        Case(faults: "duplicates=500,seed=3", expected: "duplicate-contact", touches: 3),
        Case(faults: "reset", expected: "device-reset", touches: 4),
    ]

    @Test(arguments: cases)
    func faultyInputStillEndsEveryTouchAndSaysWhatHappened(_ fault: Case) throws {
        let run = try EmulatedRun(script: Self.script, faults: fault.faults)
        let touches = run.touchPhases
        #expect(!touches.isEmpty, "no touches at all")
        for (id, phases) in touches {
            #expect(phases.first == .began, "touch \(id): \(phases)")
            #expect(phases.filter(\.isTerminal).count == 1, "touch \(id) ended \(phases.filter(\.isTerminal).count) times")
            #expect(phases.last?.isTerminal == true, "touch \(id) was left down: \(phases)")
        }
        if let expected = fault.touches {
            // The emulator plays in real time: on a starved machine its thread can fall silent past
            // the report timeout, which rightly cancels the touch down (a `report-timeout` status);
            // the finger reported again is a new touch. Nothing else may add or lose one.
            let stalls = run.statuses.filter { $0.kind == .reportTimeout }.count
            #expect(touches.count == expected + stalls, "touches: \(touches), statuses: \(run.statusNames)")
        }
        // The decoder is back on the frame boundary at once: each rejected stretch of bytes costs
        // at most two reports (one whose delimiter was lost runs into the next).
        let statistics = run.decoderStatistics
        let lost = run.statuses.filter { $0.kind == .framesLost }.reduce(0) { $0 + Int($1.count) }
        #expect(lost <= 2 * statistics.rejectedFrames, "\(lost) reports lost, \(statistics.rejectedFrames) frames rejected")
        // Each corruption costs the frame it hit and, at worst, the one after.
        #expect(statistics.rejectedFrames <= 2 * max(statistics.resyncs, 1) + 2,
                "rejected \(statistics.rejectedFrames) frames over \(statistics.resyncs) resyncs")
        if let expected = fault.expected {
            #expect(run.statusNames.contains(expected), "statuses: \(run.statusNames)")
        }
    }

    @Test func aControllerResetCancelsTheTouchThatWasDown() throws {
        let run = try EmulatedRun(script: Self.script, faults: "reset")
        let cancelled = run.touchPhases.values.filter { $0.contains(.cancelled) }
        #expect(cancelled.count == 1, "phases: \(run.touchPhases)")
        #expect(run.statusNames.contains("device-reset"))
    }
}

/// The emulator on its own thread serving a script over a pty, and a device session reading it
/// until the emulator is done.
struct EmulatedRun {
    var events: [HostEvent] = []
    var decoderStatistics = DecoderStatistics()

    init(script text: String, faults: String) throws {
        let board = try #require(BoardListing.board(named: BoardListing.defaultName))
        let links = EmulatorLinks(.pty(try PseudoTerminal()))
        guard case .pty(let pty) = links.kind else { throw TouchHostBinary.Failure(description: "not a pty") }
        let emulator = EmulatorHost(
            board: board, seed: 1, links: links, script: try TouchScriptParser.parse(text),
            faults: try FaultSpec.parse(faults).settings)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? emulator.run()
            done.signal()
        }
        let collected = Box<[HostEvent]>([])
        let session = DeviceSession(link: try LinkOpener.open(pty.path), sink: { collected.value.append($0) }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        defer { session.link.close() }
        // The CLI's run loop, until the emulator's script has played out.
        let loop = SessionRunLoop()
        loop.tick = 10_000
        var doneAt: Microseconds?
        loop.onWake = { now in
            // What the emulator wrote last still arrives: read on for 50 ms after it ends.
            if doneAt == nil, done.wait(timeout: .now()) == .success { doneAt = now }
            return doneAt.map { now - $0 < 50_000 } ?? true
        }
        try loop.run(session)
        if let failure = session.failure { throw failure }
        events = collected.value
        decoderStatistics = session.decoder.statistics
    }

    /// Each touch's phases in order, by tracking id.
    var touchPhases: [UInt32: [TouchPhase]] {
        var phases: [UInt32: [TouchPhase]] = [:]
        for case .touch(let touch, _, _) in events where touch.phase != .stationary && touch.phase != .moved {
            phases[touch.trackingId, default: []].append(touch.phase)
        }
        return phases
    }

    var statuses: [StatusEvent] {
        events.compactMap { if case .status(let status) = $0 { status } else { nil } }
    }

    var statusNames: [String] { statuses.map(\.kind.jsonName) }
}
