import Foundation
import Testing
import TouchCore

/// The firmware image on an emulated Cortex-M4, driven over its UART exactly as a host drives a
/// hardware controller: commands in, replies and contact reports out (docs/hil.md).
@Suite(.serialized)
struct QEMUHardwareInLoopTests {
    @Test(.enabled(if: QEMUSelfTest.qemuInstalled, "qemu-system-arm is not installed (apt-get install qemu-system-arm)"),
          .timeLimit(.minutes(15)))
    func fingerStimulusComesBackAsAContactWithinAMillimetre() throws {
        let device = try QEMUDevice.start()
        defer { device.stop() }

        device.send(.getInfo, id: 1)
        let info = try device.waitForInfo()
        #expect(String(decoding: (0..<info.boardName.count).map { info.boardName[$0] }, as: UTF8.self) == "kiosk-15")

        let finger = PanelPoint(x: 120.3, y: 80.7)
        device.send(.stimulus(FingerStimulus(finger: 1, action: .down, position: finger)), id: 2)
        #expect(try device.waitForReply(id: 2).result == .accepted)
        let down = try device.waitForReport { $0.contacts.count == 1 && $0.contacts[0].state == .move }
        let position = info.millimetres(x: down.contacts[0].x, y: down.contacts[0].y)
        let error = ((position.x - finger.x) * (position.x - finger.x) + (position.y - finger.y) * (position.y - finger.y)).squareRoot()
        #expect(error <= 1.0, "reported \(position.x), \(position.y) for a finger at \(finger.x), \(finger.y)")

        device.send(.stimulus(FingerStimulus(finger: 1, action: .up, position: finger)), id: 3)
        let lifted = try device.waitForReport { report in
            report.contacts.count == 1 && report.contacts[0].state == .up
        }
        #expect(lifted.contacts[0].id == down.contacts[0].id)
    }

    @Test(.enabled(if: QEMUSelfTest.qemuInstalled, "qemu-system-arm is not installed (apt-get install qemu-system-arm)"),
          .timeLimit(.minutes(15)))
    func reportsArriveAtTheBoardRateOnTheDeviceClock() throws {
        let device = try QEMUDevice.start()
        defer { device.stop() }
        device.send(.getInfo, id: 1)
        let info = try device.waitForInfo()
        let first = try device.waitForReport { _ in true }
        let later = try device.waitForReport { $0.sequence &- first.sequence >= 24 }
        let period = Double(later.timestamp &- first.timestamp) / Double(later.sequence &- first.sequence)
        // Scans are scheduled on the device clock, so the spacing is exact whatever QEMU's speed.
        #expect(abs(period - 1_000_000 / Double(info.reportRate)) < 1, "period \(period) µs at \(info.reportRate) Hz")
    }
}

/// The firmware image under QEMU with UART0 on QEMU's stdin/stdout, and a decoder for its frames.
final class QEMUDevice: @unchecked Sendable {
    let process: Process
    private let input: FileHandle
    private let lock = NSLock()
    private var decoder = FrameDecoder()
    private var messages: [DeviceMessage] = []
    private var consumed = 0

    static func start() throws -> QEMUDevice {
        try QEMUDevice(image: FirmwareImage.shared.get().elf)
    }

    init(image: URL) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: QEMUSelfTest.executable(named: "qemu-system-arm")!)
        process.arguments = ["-M", "mps2-an386", "-display", "none", "-monitor", "none", "-serial", "stdio",
                             "-semihosting-config", "enable=on,target=native", "-kernel", image.path]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        input = stdin.fileHandleForWriting
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { self?.take(data) }
        }
        try process.run()
    }

    private func take(_ data: Data) {
        lock.withLock {
            for byte in data {
                if case .device(let message) = decoder.push(byte) { messages.append(message) }
            }
        }
    }

    func send(_ command: HostCommand, id: UInt8) {
        var sink = DataSink()
        FrameEncoder.encode(CommandFrame(requestId: id, command: command), to: &sink)
        input.write(sink.data)
    }

    /// The next message (after those already consumed) that `match` accepts, within `seconds` of real
    /// time: QEMU beside a busy suite may lag seconds behind; a frame that never comes fails the test.
    func wait<T>(seconds: Double = 60, _ match: (DeviceMessage) -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let found: T? = lock.withLock {
                while consumed < messages.count {
                    let message = messages[consumed]
                    consumed += 1
                    if let value = match(message) { return value }
                }
                return nil
            }
            if let found { return found }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw QEMUDeviceTimeout(running: process.isRunning)
    }

    func waitForInfo() throws -> DeviceInfo {
        try wait { if case .info(let info) = $0 { info } else { nil } }
    }

    func waitForReply(id: UInt8) throws -> CommandReply {
        try wait { if case .reply(let reply) = $0, reply.requestId == id { reply } else { nil } }
    }

    func waitForReport(_ accept: (ContactReport) -> Bool) throws -> ContactReport {
        try wait { if case .contacts(let report) = $0, accept(report) { report } else { nil } }
    }

    /// SIGKILL: QEMU spawned from a test's thread inherits its blocked signals and would ignore
    /// the SIGTERM of `Process.terminate()`.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

struct QEMUDeviceTimeout: Error, CustomStringConvertible {
    var running: Bool
    var description: String { running ? "no matching frame from the firmware in time" : "QEMU exited" }
}

struct DataSink: ByteSink {
    var data = Data()
    mutating func write(_ byte: UInt8) { data.append(byte) }
}
