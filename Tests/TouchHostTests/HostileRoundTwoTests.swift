import Foundation
import Glibc
import Testing
import TouchCore
import TouchHost

/// Issue 26's remaining attacks, each through the `touchhost` binary as a user meets it.
@Suite struct HostileRoundTwoTests {
    /// A device-info frame whose framing, CRC, version and type are valid but whose payload is
    /// `payload` (too short for the layout): what a controller with other firmware might send.
    static func malformedInfoFrame(payload: [UInt8]) -> [UInt8] {
        var frame = FrameBuffer()
        frame.append(WireFormat.version)
        frame.append(FrameType.info.rawValue)
        for byte in payload { frame.append(byte) }
        frame.append(CRC16.checksum(of: frame, count: frame.count))
        var bytes = ByteBuffer()
        FrameEncoder.writeDelimiter(to: &bytes)
        COBS.encode(frame, to: &bytes)
        return bytes.bytes
    }

    /// A CRC-valid info frame the decoder cannot read was called "bytes that are not touchhost
    /// frames", sending the user after a baud rate or a protocol; it is named for what it is.
    @Test func aCRCValidButMalformedInfoFrameIsCalledSo() throws {
        let binary = try TouchHostBinary.locate()
        let controller = try PlayedController()
        let frame = Self.malformedInfoFrame(payload: [1, 0, 0, 0x70, 0x6C])
        // The decoder itself refuses it for its payload, not its framing.
        var decoder = FrameDecoder()
        for byte in frame { _ = decoder.push(byte) }
        try #require(decoder.lastRejection == .malformedPayload)

        let box = ResultBox()
        let path = controller.path
        let monitor = Thread { box.set(Result { try TouchHostBinary.run(binary, ["monitor", path], timeout: 60) }) }
        monitor.start()
        // Every ask gets the same broken answer (the host asks again every 400 ms).
        var answered = 0
        while box.get() == nil {
            if controller.awaitCommand(within: 0.2, where: { $0 == .getInfo }) {
                controller.sendRaw(frame)
                answered += 1
            }
        }
        let result = try #require(box.get()).get()
        #expect(answered > 0, "the monitor never asked")
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error.contains("heard a malformed info frame"), "\(result.error)")
        #expect(!result.error.contains("not touchhost frames"), "\(result.error)")
    }

    /// Issue 26, broken promises: with `--protocol elo` a resync status was stamped at its bytes'
    /// time before the pipeline's timers due earlier had fired, so the stream's `t` went back. The
    /// monitor is stopped (SIGSTOP) while a finger is down, so that on waking it finds noise and a
    /// packet in one read with a timer long due: the one order in which the bug shows, made
    /// certain rather than left to the scheduler.
    @Test func aLegacyResyncIsNeverStampedBeforeAnEarlierDueTimer() throws {
        let binary = try TouchHostBinary.locate()
        let pty = try PseudoTerminal()
        let monitor = try TouchHostBinary.start(
            binary, ["monitor", pty.path, "--protocol", "elo", "--size", "300x200", "--json", "--until-idle", "2"])
        defer { monitor.stop() }
        let pid = monitor.process.processIdentifier
        try #require(TouchHostBinary.waitUntilSetUp(pty.path, by: pid), "the monitor never opened \(pty.path)")
        let range = LegacyProtocol.elo.defaultRange
        let x = UInt16((Int(range.minX) + Int(range.maxX)) / 2), y = UInt16((Int(range.minY) + Int(range.maxY)) / 2)
        for _ in 0..<6 {
            try pty.link.write(LegacyWire.touch(.elo, touching: true, x: x, y: y))
            // Real time: a legacy packet is stamped by the host's clock as it arrives.
            RealTime.pause(0.015)
        }
        // Long enough for the monitor to have taken the touch; then it sleeps past every timer
        // a held touch sets (long press at 0.5 s, the tracker's report timeout at 0.4 s).
        RealTime.pause(0.15)
        kill(pid, SIGSTOP)
        RealTime.pause(1.2)
        try pty.link.write([0x00, 0x13, 0x37] + LegacyWire.touch(.elo, touching: true, x: x, y: y))
        RealTime.pause(0.05)
        kill(pid, SIGCONT)
        RealTime.pause(0.1)
        try pty.link.write(LegacyWire.touch(.elo, touching: false, x: x, y: y))
        let lines = monitor.remainingLines(timeout: 20)
        var promises = StreamPromises(capacity: 20)
        promises.check(lines)
        promises.finish()
        #expect(promises.statuses.contains("resync"), "no resync status: \(lines)")
        #expect(promises.began >= 1, "\(lines)")
        #expect(promises.violations.isEmpty, "\(promises.violations)\n\(lines.joined(separator: "\n"))")
    }
}

/// A result handed from the thread that ran the program to the test's thread.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<TouchHostBinary.Result, any Error>?
    func set(_ result: Result<TouchHostBinary.Result, any Error>) { lock.withLock { value = result } }
    func get() -> Result<TouchHostBinary.Result, any Error>? { lock.withLock { value } }
}
