import Foundation
import Glibc
import Testing
import TouchCore
import TouchHost

/// A link that never runs dry cannot grow the host's memory or hold it past its limits: each pump
/// reads a bounded amount, handles it, then checks `--duration`.
@Suite(.serialized) struct BoundedReadTests {
    private func run(_ arguments: [String], timeout: TimeInterval) throws -> TouchHostBinary.Measured {
        try TouchHostBinary.measure(try TouchHostBinary.locate(), arguments, timeout: timeout)
    }

    /// `/dev/zero` never blocks and never answers: it is no terminal, so it is refused at once,
    /// in one line naming it, before a byte is read.
    @Test(arguments: ["monitor", "record"])
    func devZeroFailsTheHandshakeInBoundedTimeAndMemory(_ command: String) throws {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("zero-\(getpid()).threc")
        defer { try? FileManager.default.removeItem(at: recording) }
        let arguments = command == "monitor" ? ["monitor", "/dev/zero", "--json", "--duration", "2"]
            : ["record", "/dev/zero", "-o", recording.path, "--duration", "2"]
        let result = try run(arguments, timeout: 20)
        #expect(!result.timedOut, "still running after 20 s")
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error.hasPrefix("touchhost: /dev/zero: is not a serial port or terminal"), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
        #expect(result.peakMiB < 100, "peak resident set \(result.peakMiB) MiB")
    }

    /// A controller that answers, then floods the link as fast as it can: `--duration` holds.
    @Test func aFloodingControllerCannotHoldTheMonitorPastItsDuration() throws {
        let listener = try CAPITCPListener()
        let monitor = try TouchHostBinary.Child(
            try TouchHostBinary.locate(), ["monitor", "tcp:127.0.0.1:\(listener.port)", "--json", "--duration", "1.5"])
        let fd = try listener.accept(within: 10)
        let link = FileDescriptorLink(name: "flood", read: fd, write: fd, ownsDescriptors: false)
        var decoder = FrameDecoder()
        var answered = false
        let deadline = Date().addingTimeInterval(5)
        while !answered, Date() < deadline {
            guard link.waitForInput(milliseconds: 50) else { continue }
            var bytes: [UInt8] = []
            _ = try? link.read(into: &bytes)
            for byte in bytes where !answered {
                if case .command(let frame)? = decoder.push(byte), frame.command == .getInfo {
                    var info = ByteBuffer()
                    FrameEncoder.encode(.info(PlayedController.info()), to: &info)
                    try link.write(info.bytes)
                    answered = true
                }
            }
        }
        try #require(answered, "the monitor never asked for the device's info")
        // Noise between idle delimiters, as fast as the host takes it, until the host goes.
        let flooding = Flag()
        flooding.set()
        Thread.detachNewThread {
            defer { close(fd) }
            var noise = [UInt8](repeating: 0, count: 65_536)
            for index in noise.indices where index % 3 == 0 { noise[index] = UInt8(truncatingIfNeeded: index &* 31) }
            while flooding.isSet {
                // Waits until the host has taken some (no busy loop on a shared machine), then fills up again.
                var writable = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                guard poll(&writable, 1, 100) >= 0 else { break }
                let written = noise.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written < 0, errno != EINTR, errno != EAGAIN { break }
            }
        }
        defer { flooding.clear() }
        let result = monitor.finish(timeout: 30)
        #expect(!result.timedOut, "still running after 30 s")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.seconds < 10, "the monitor ran \(result.seconds) s")
        #expect(result.peakMiB < 100, "peak resident set \(result.peakMiB) MiB")
    }
}

/// A flag two threads share.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    func clear() { lock.withLock { value = false } }
    var isSet: Bool { lock.withLock { value } }
}
