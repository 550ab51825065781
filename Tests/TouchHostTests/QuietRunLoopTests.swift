import Foundation
import Glibc
import Testing
@testable import TouchHost
import TouchCore

/// Issue 25, item 6: a quiet source costs no wake-up. The CLI's run loop, in virtual time (its clock
/// and its poll given by the test), driving a real session (an Elo controller on a scripted link):
/// it waits only until something is due, and for input alone when nothing is.
@Suite struct QuietRunLoopTests {
    /// The waits the loop asked poll for, in ms (-1: input alone ends it), on a virtual clock that
    /// moves by each finite wait; `onForever` is told of each wait without a limit (the test feeds
    /// input or ends the run there).
    final class VirtualWaits {
        var clock: Microseconds = 5_000_000
        var waits: [Int32] = []
        var onForever: () -> Void = {}
        /// A loop that never waits for input alone would run on for ever in virtual time: the
        /// tests stop it here, and fail on its waits.
        var tooMany: Bool { waits.count >= 1_000 }

        var waiting: SessionRunLoop.Waiting {
            SessionRunLoop.Waiting(now: { [unowned self] in clock }) { [unowned self] _, milliseconds in
                waits.append(milliseconds)
                if milliseconds >= 0 {
                    clock += Microseconds(milliseconds) * 1_000
                } else {
                    onForever()
                }
            }
        }
    }

    private func eloSession(_ link: ScriptedLink, into events: Box<[HostEvent]>) -> LegacySession {
        LegacySession(link: link, protocol: .elo, panel: PanelSize(width: 345, height: 194), recognizers: .kiosk) {
            events.value.append($0)
        }
    }

    @Test func aQuietSourceIsWaitedForWithoutATimeLimit() throws {
        let link = ScriptedLink()
        let events = Box<[HostEvent]>([])
        let session = eloSession(link, into: events)
        let virtual = VirtualWaits()
        let loop = SessionRunLoop(limits: RunLimits(duration: nil, idle: nil, start: virtual.clock), waiting: virtual.waiting)
        var quietWaits = 0
        var done = false
        virtual.onForever = {
            quietWaits += 1
            virtual.clock += 10_000_000  // ten seconds of silence pass
            if quietWaits == 1 {
                // A tap arrives: three packets of a touch and its lift, read in one dispatch.
                for step in 0..<3 { link.incoming += LegacyWire.touch(.elo, touching: true, x: 2_000 + UInt16(step), y: 2_000) }
                link.incoming += LegacyWire.touch(.elo, touching: false, x: 2_002, y: 2_000)
            } else {
                done = true
            }
        }
        loop.onWake = { _ in !done && !virtual.tooMany }
        #expect(try loop.run(session) == .requested)

        // Before the tap and after it (its timers run out), the loop waited for input alone.
        #expect(quietWaits == 2, "waits: \(virtual.waits)")
        #expect(virtual.waits.first == -1, "waits: \(virtual.waits)")
        #expect(virtual.waits.last == -1, "waits: \(virtual.waits)")
        // Between them only the session's own timers (a double tap's window, a lift), no periodic wake-up.
        let timed = virtual.waits.filter { $0 >= 0 }
        #expect(!timed.isEmpty && timed.count <= 6, "waits: \(virtual.waits)")
        let began = events.value.filter { if case .touch(let touch, _, _) = $0 { touch.phase == .began } else { false } }
        let ended = events.value.filter { if case .touch(let touch, _, _) = $0 { touch.phase.isTerminal } else { false } }
        #expect(began.count == 1 && ended.count == 1, "\(events.value)")
    }

    @Test func aDurationIsOneWaitNotManyShortOnes() throws {
        let link = ScriptedLink()
        let session = eloSession(link, into: Box([]))
        let virtual = VirtualWaits()
        virtual.onForever = { Issue.record("a run with a duration waited without a limit") }
        let loop = SessionRunLoop(limits: RunLimits(duration: 30, idle: nil, start: virtual.clock), waiting: virtual.waiting)
        #expect(try loop.run(session) == .duration)
        #expect(virtual.waits == [30_000], "waits: \(virtual.waits)")
    }

    @Test func wakeAtWakesTheOwnerOnceWhenAskedAndThenNoMore() throws {
        let link = ScriptedLink()
        let session = eloSession(link, into: Box([]))
        let virtual = VirtualWaits()
        let loop = SessionRunLoop(limits: RunLimits(duration: nil, idle: nil, start: virtual.clock), waiting: virtual.waiting)
        var due: Microseconds? = virtual.clock + 1_000_000
        var wakes: [Microseconds] = []
        var done = false
        virtual.onForever = { done = true }
        loop.onWake = { now in
            wakes.append(now)
            if let instant = due, now >= instant { due = nil }
            return !done && !virtual.tooMany
        }
        loop.wakeAt = { due }
        try loop.run(session)
        #expect(virtual.waits == [1_000, -1], "waits: \(virtual.waits)")
        #expect(wakes == [5_000_000, 6_000_000, 6_000_000])
    }
}

/// serve's metrics file: written at once, then only when a count changed and a second has passed
/// since the last write; nothing due while it is up to date (so nothing wakes a quiet service).
@Suite struct MetricsWriteScheduleTests {
    @Test func theFileIsRewrittenOnlyAfterAChangeAndAtMostOnceASecond() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchhost-metrics-\(getpid()).prom").path
        defer { unlink(path) }
        let metrics = ServeMetrics()
        #expect(metrics.nextWrite == .min, "never written: due at once")
        #expect(metrics.writeIfDue(to: path, now: 1_000_000) == nil)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(metrics.nextWrite == nil, "up to date: nothing due")
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"), "written through a temporary file, renamed")

        metrics.observe(latency: 400)
        #expect(metrics.nextWrite == 2_000_000, "a change: due a second after the last write")
        metrics.writeIfDue(to: path, now: 1_500_000)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("touchhost_report_to_uinput_seconds_count 0"))
        metrics.writeIfDue(to: path, now: 2_000_000)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("touchhost_report_to_uinput_seconds_count 1"))
        #expect(metrics.nextWrite == nil)
    }

    @Test func aFailedWriteIsTriedAgainASecondLater() {
        let metrics = ServeMetrics()
        let problem = metrics.writeIfDue(to: "no-such-folder-\(getpid())/touchhost.prom", now: 3_000_000)
        #expect(problem?.contains("No such file") == true, "\(problem ?? "no problem")")
        #expect(metrics.nextWrite == 4_000_000)
    }
}
