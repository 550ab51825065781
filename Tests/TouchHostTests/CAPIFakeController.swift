import Foundation
import Glibc
import TouchCore
import TouchHost

/// A touch controller played by the test on a pseudo-terminal or TCP: it speaks the wire protocol,
/// answers the host's request for its description, and sends contact reports at 120 Hz in real
/// time, so the host's timers run as they would against hardware.
final class CAPIFakeController: CAPIControllerScript {
    /// The controller's end of the link, and what the host opens to reach it.
    let link: FileDescriptorLink
    let path: String
    private let keep: AnyObject?
    let info = CAPIControllerInfo.fake
    private var clock: UInt32 = 5_000
    private var sequence: UInt16 = 0
    static let interval: UInt32 = 8_333

    /// On a pseudo-terminal: the host opens `/dev/pts/N`.
    init() throws {
        let terminal = try PseudoTerminal()
        link = terminal.link
        path = terminal.path
        keep = terminal
    }

    /// On a TCP connection the host makes to `listener`: the host opens `tcp:127.0.0.1:PORT`.
    /// `connect` starts the host; the controller then waits for it to connect.
    init(listener: CAPITCPListener, connect: () -> Void) throws {
        path = "tcp:127.0.0.1:\(listener.port)"
        connect()
        let fd = try listener.accept(within: 10)
        link = FileDescriptorLink(name: "controller", read: fd, write: fd, ownsDescriptors: true)
        keep = nil
    }

    /// Waits until the host asks for the description, then gives it; false when no host asked.
    func answerHost(within timeout: TimeInterval) -> Bool {
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard link.waitForInput(milliseconds: 50) else { continue }
            buffer.removeAll()
            _ = try? link.read(into: &buffer)
            for byte in buffer {
                if case .command(let frame)? = decoder.push(byte), frame.command == .getInfo {
                    send(.info(info))
                    return true
                }
            }
        }
        return false
    }

    /// The commands the host sends within `timeout`, stopping once `count` have come.
    func receiveCommands(_ count: Int, within timeout: TimeInterval) -> [HostCommand] {
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var commands: [HostCommand] = []
        let deadline = Date().addingTimeInterval(timeout)
        while commands.count < count, Date() < deadline {
            guard link.waitForInput(milliseconds: 50) else { continue }
            buffer.removeAll()
            _ = try? link.read(into: &buffer)
            for byte in buffer {
                if case .command(let frame)? = decoder.push(byte) { commands.append(frame.command) }
            }
        }
        return commands
    }

    func status(_ kind: DeviceStatusKind) {
        send(.status(DeviceStatus(timestamp: clock, kind: kind)))
    }

    func send(_ message: DeviceMessage) {
        try? link.write(CAPIControllerInfo.bytes(message))
    }

    /// One report listing every contact down; then the report interval passes, in real time.
    func report(_ contacts: [CAPIContact]) {
        send(.contacts(CAPIControllerInfo.report(contacts, sequence: sequence, clock: clock, on: info)))
        sequence &+= 1
        clock &+= Self.interval
        usleep(Self.interval)
    }

    /// The controller goes away: the host's side of the terminal hangs up.
    func unplug() {
        link.close()
    }

}

typealias CAPIContact = (id: UInt8, state: ContactState, at: PanelPoint)

struct CAPIByteCollector: ByteSink {
    var bytes: [UInt8] = []
    mutating func write(_ byte: UInt8) { bytes.append(byte) }
}

enum CAPIControllerInfo {
    static let fake = DeviceInfo(
        firmwareVersion: FirmwareVersion(major: 1, minor: 0, patch: 0), boardName: BoardName("fake-345"),
        panelWidth: 3450, panelHeight: 1940, maxX: 4095, maxY: 4095, columns: 32, rows: 18, maxContacts: 10,
        reportRate: 120, supportedModes: .contacts)

    static func report(_ contacts: [CAPIContact], sequence: UInt16, clock: UInt32, on info: DeviceInfo) -> ContactReport {
        var report = ContactReport(sequence: sequence, timestamp: clock)
        for contact in contacts {
            let device = info.deviceCoordinates(of: contact.at)
            _ = report.contacts.append(WireContact(id: contact.id, state: contact.state, x: device.x, y: device.y))
        }
        return report
    }

    static func bytes(_ message: DeviceMessage) -> [UInt8] {
        var sink = CAPIByteCollector()
        FrameEncoder.encode(message, to: &sink)
        return sink.bytes
    }
}

/// What a person does, as the reports a controller sends at 120 Hz.
protocol CAPIControllerScript {
    func report(_ contacts: [CAPIContact])
}

extension CAPIControllerScript {
    /// Nothing touches the panel for a while: empty reports, as a controller sends.
    func idle(seconds: Double) {
        for _ in 0..<Int(seconds * 120) { report([]) }
    }

    func tap(at point: PanelPoint) {
        report([(1, .down, point)])
        for _ in 0..<5 { report([(1, .move, point)]) }
        report([(1, .up, point)])
    }

    func drag(from start: PanelPoint, to end: PanelPoint, frames: Int = 40) {
        report([(1, .down, start)])
        for i in 1...frames {
            let f = Float(i) / Float(frames)
            report([(1, .move, start + (end - start) * f)])
        }
        report([(1, .up, end)])
    }

    /// Two fingers on a horizontal line through `center`, `from` mm apart, spreading to `to` mm.
    func pinch(at center: PanelPoint, from: Float, to: Float, frames: Int = 50) {
        func fingers(_ distance: Float, _ state: ContactState) -> [CAPIContact] {
            [(1, state, center - PanelPoint(x: distance / 2, y: 0)), (2, state, center + PanelPoint(x: distance / 2, y: 0))]
        }
        report(fingers(from, .down))
        for i in 1...frames { report(fingers(from + (to - from) * Float(i) / Float(frames), .move)) }
        report(fingers(to, .up))
    }
}

/// The same controller written into a `.threc` recording instead of a terminal: host time moves
/// with the reports.
final class CAPIRecordedController: CAPIControllerScript {
    private(set) var recording = Recording()
    private var hostTime: Microseconds = 0
    private var clock: UInt32 = 77_000
    private var sequence: UInt16 = 0
    let info = CAPIControllerInfo.fake

    init() {
        recording.append(Recording.Chunk(time: 0, direction: .toDevice, bytes: [0]))
        send(.info(info))
    }

    func send(_ message: DeviceMessage) {
        recording.append(Recording.Chunk(time: hostTime, direction: .fromDevice, bytes: CAPIControllerInfo.bytes(message)))
    }

    func report(_ contacts: [CAPIContact]) {
        hostTime += 8_333
        send(.contacts(CAPIControllerInfo.report(contacts, sequence: sequence, clock: clock, on: info)))
        sequence &+= 1
        clock &+= 8_333
    }

    var text: String {
        ([Recording.header] + recording.chunks.map(Recording.line(for:))).joined(separator: "\n") + "\n"
    }
}

/// A listening TCP socket on 127.0.0.1 with a port the system chose.
final class CAPITCPListener {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw CAPILibrary.Failure(description: "cannot listen on 127.0.0.1") }
        port = UInt16(bigEndian: address.sin_port)
    }

    func accept(within seconds: Int32) throws -> Int32 {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, seconds * 1000) > 0 else {
            throw CAPILibrary.Failure(description: "nobody connected to port \(port)")
        }
        return Glibc.accept(fd, nil, nil)
    }

    deinit { close(fd) }
}
