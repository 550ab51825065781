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

extension QEMUHardwareInLoopTests {
    /// The gestures image (`build.sh --gestures`) recognizes on the controller: in gestures mode it
    /// sends touch and gesture frames for a tap and a drag, and a stroke's end, the deepest path
    /// (the stroke recognizers read the whole stroke), stays within the stack the image reserves.
    @Test(.enabled(if: QEMUSelfTest.qemuInstalled, "qemu-system-arm is not installed (apt-get install qemu-system-arm)"),
          .timeLimit(.minutes(15)))
    func theGesturesImageRecognizesOnTheControllerWithinItsStack() throws {
        let image = try FirmwareImage.gestures.get()
        let device = try QEMUDevice(image: image.elf, withMonitor: true)
        defer { device.stop() }
        device.send(.getInfo, id: 1)
        #expect(try device.waitForInfo().supportedModes.supports(.gestures))
        device.send(.setMode(.gestures), id: 2)
        #expect(try device.waitForReply(id: 2).result == .accepted)

        let spot = PanelPoint(x: 120, y: 80)
        device.send(.stimulus(FingerStimulus(finger: 1, action: .down, position: spot)), id: 3)
        _ = try device.wait { if case .touch(let record) = $0, record.touch.phase == .began { record } else { nil } }
        device.send(.stimulus(FingerStimulus(finger: 1, action: .up, position: spot)), id: 4)
        let tap = try device.wait { if case .gesture(let event) = $0, event.kind == .tap { event } else { nil } }
        #expect(tap.state == .recognized)
        #expect(tap.location.distance(to: spot) <= 1, "tap at \(tap.location.x), \(tap.location.y)")

        // A circle of 30 mm radius drawn in about 1.2 s, then lifted. QEMU runs in real time, so the
        // moves are paced in real time too (the scans see the finger where the last move put it).
        let centre = PanelPoint(x: 170, y: 100)
        func onCircle(_ step: Int) -> PanelPoint {
            let angle = Float(step) / 60 * 2 * Float.pi
            return PanelPoint(x: centre.x + 30 * cosf(angle), y: centre.y + 30 * sinf(angle))
        }
        device.send(.stimulus(FingerStimulus(finger: 2, action: .down, position: onCircle(0))), id: 5)
        for step in 1...60 {
            Thread.sleep(forTimeInterval: 0.02)
            device.send(.stimulus(FingerStimulus(finger: 2, action: .move, position: onCircle(step))), id: UInt8(5 + step % 100))
        }
        let pan = try device.wait { if case .gesture(let event) = $0, event.kind == .pan, event.state == .began { event } else { nil } }
        #expect(pan.touches == 1)
        device.send(.stimulus(FingerStimulus(finger: 2, action: .up, position: onCircle(60))), id: 70)
        _ = try device.wait { if case .touch(let record) = $0, record.touch.phase == .ended { record } else { nil } }
        _ = try device.wait { if case .gesture(let event) = $0, event.kind == .pan, event.state == .ended { event } else { nil } }

        let used = try device.stackHighWater(stackSize: image.stack)
        print("gestures image: stack high-water \(used) of \(image.stack) bytes, RAM \(image.ram), flash \(image.flash)")
        // A kilobyte to spare: a path this run did not take (ten fingers, a template) may go deeper.
        #expect(used + 1024 <= image.stack, "the gestures image used \(used) of its \(image.stack) bytes of stack")
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

    /// QEMU's monitor, when the device was started with one: a Unix socket in a scratch folder.
    private let monitorSocket: URL?

    static func start() throws -> QEMUDevice {
        try QEMUDevice(image: FirmwareImage.shared.get().elf)
    }

    init(image: URL, withMonitor: Bool = false) throws {
        monitorSocket = withMonitor ? try QEMUSelfTest.scratchDirectory("monitor").appendingPathComponent("\(UUID().uuidString).sock") : nil
        let monitor = monitorSocket.map { "unix:\($0.path),server,nowait" } ?? "none"
        process = Process()
        process.executableURL = URL(fileURLWithPath: QEMUSelfTest.executable(named: "qemu-system-arm")!)
        process.arguments = ["-M", "mps2-an386", "-display", "none", "-monitor", monitor, "-serial", "stdio",
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

    /// How much of the stack the firmware has ever used, from QEMU's view of its memory: the reset
    /// path paints the whole stack (`Support/startup.c`), which sits first in RAM at 0x2000_0000,
    /// so the first unpainted word from the bottom marks the deepest the stack reached. QEMU drops
    /// a write below RAM without a fault, so an overflowing stack shows as one used to its last word.
    func stackHighWater(stackSize: Int) throws -> Int {
        let socket = try #require(monitorSocket, "the device was started without a monitor")
        let words = stackSize / 4
        // "0000000020000000: 0x5ac3a55a 0x5ac3a55a 0x5ac3a55a 0x5ac3a55a", whole lines only.
        func values(in text: String) -> [UInt32] {
            text.split(whereSeparator: \.isNewline).dropLast().filter { $0.hasPrefix("00000000200") }.flatMap { line in
                line.split(separator: " ").dropFirst().compactMap { UInt32($0.dropFirst(2), radix: 16) }
            }
        }
        // Read until the whole dump is in: the monitor prints a large dump in pieces, and a fixed
        // wait cut it short on a busy machine.
        let text = try QEMUMonitor.send("xp /\(words)wx 0x20000000\n", to: socket.path, timeout: 60) { values(in: $0).count >= words }
        let stack = values(in: text)
        try #require(stack.count == words, "read \(stack.count) of the stack's \(words) words from QEMU's monitor: \(text.suffix(300))")
        let untouched = stack.prefix { $0 == 0x5AC3_A55A }.count
        return (words - untouched) * 4
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
