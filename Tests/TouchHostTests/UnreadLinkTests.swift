import Foundation
import Glibc
import Testing
import TouchCore
@testable import TouchHost

/// Issue 26, item 0: writes never block. A device that stops reading costs the host a status and,
/// past `DeviceSession.writeStallLimit`, a disconnect (and a reconnect where the owner reopens),
/// never a wait: in virtual time on a scripted link, and through the binary on a pseudo-terminal.
@Suite struct UnreadLinkTests {
    static let shapesInfo = DeviceInfo(
        firmwareVersion: FirmwareVersion(major: 0, minor: 1, patch: 0), boardName: BoardName("test"),
        panelWidth: 3450, panelHeight: 1940, maxX: 4095, maxY: 4095, columns: 69, rows: 39, maxContacts: 10,
        reportRate: 120, supportedModes: ReportModeSet(rawValue: ReportModeSet.contacts.rawValue | ReportModeSet.shapes.rawValue))

    @Test func aDeviceThatStopsReadingIsDisconnectedAfterTheStallLimitAndReopened() throws {
        let link = ScriptedLink()
        link.stopsReading = true
        var events: [HostEvent] = []
        let session = DeviceSession(link: link, sink: { events.append($0) }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        var reopened = 0
        session.reopen = { () throws(LinkError) in
            reopened += 1
            return ScriptedLink()
        }
        var lost: LinkError?
        session.onNews = { if case .lost(let error, _) = $0 { lost = error } }
        link.queue(.info(Self.shapesInfo))
        var now: Microseconds = 0
        _ = session.dispatch(now: now)
        try #require(session.info != nil)
        // Every info with the shapes bit makes the host ask for shapes: bytes that are never read.
        while lost == nil, now < 10_000_000 {
            link.queue(.info(Self.shapesInfo))
            now += 10_000
            _ = session.dispatch(now: now)
        }
        let error = try #require(lost)
        guard case .notReading = error.cause else { Issue.record("lost for \(error)"); return }
        #expect(now >= DeviceSession.writeStallLimit && now <= DeviceSession.writeStallLimit + 20_000, "lost at \(now)")
        #expect(events.contains { if case .status(let s) = $0 { s.kind == .disconnected } else { false } })
        #expect(session.isReopening)
        _ = session.dispatch(now: now + ReconnectBackoff.first)
        #expect(reopened == 1)
    }

    @Test func aQueueOverItsBoundIsRefusedNotGrown() {
        var queue = OutgoingQueue(limit: 100)
        #expect(throws: LinkError.self) {
            for _ in 0..<20 { try queue.write([UInt8](repeating: 0, count: 10), port: "p") { _, _ in nil } }
        }
        #expect(queue.count <= 100)
        var uart = OutgoingQueue(limit: 100, dropsOverflow: true)
        for _ in 0..<20 { try? uart.write([UInt8](repeating: 0, count: 10), port: "p") { _, _ in nil } }
        #expect(uart.count == 100)
    }

    /// Through the binary: a pseudo-terminal whose device side floods info frames with the shapes
    /// bit and never reads. `--duration` ends the monitor on time and SIGTERM is heeded, where the
    /// blocking write used to hang it. Real time, because the hang was in a real `write(2)`.
    @Test func monitorFacingADeviceThatNeverReadsEndsOnTime() throws {
        let binary = try TouchHostBinary.locate()
        let pty = try PseudoTerminal()
        var frames = ByteBuffer()
        for _ in 0..<4_000 { FrameEncoder.encode(.info(Self.shapesInfo), to: &frames) }
        let flood = frames.bytes
        let started = Date()
        let monitor = try TouchHostBinary.start(binary, ["monitor", pty.path, "--json", "--duration", "3"])
        defer { monitor.stop() }
        // The device side writes its frames as the host reads them (waiting in poll until the pty
        // has room), and reads nothing back.
        var offset = 0
        while offset < flood.count, monitor.process.isRunning, Date().timeIntervalSince(started) < 30 {
            var room = pollfd(fd: pty.link.writeDescriptor, events: Int16(POLLOUT), revents: 0)
            guard poll(&room, 1, 50) > 0 else { continue }
            let written = flood[offset...].withUnsafeBytes { Glibc.write(pty.link.writeDescriptor, $0.baseAddress, min($0.count, 4_096)) }
            if written > 0 { offset += written }
        }
        // A hang would never end: the monitor is given 20 s more than its --duration at most.
        let lines = monitor.remainingLines(timeout: 20)
        let elapsed = Date().timeIntervalSince(started)
        #expect(monitor.process.terminationReason == .exit && monitor.process.terminationStatus == 0, "the monitor was stopped after \(elapsed) s")
        // A busy machine may be slow to start the binary.
        #expect(elapsed < 20, "took \(elapsed) s")
        #expect(lines.contains { $0.contains("\"disconnected\"") }, "no disconnect for the stalled link: \(lines.suffix(3))")
    }
}
