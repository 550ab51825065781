import Foundation
import Glibc
import TouchCore
import TouchHost

/// A controller the test plays frame by frame on a pseudo-terminal, with the product's own
/// `FrameEncoder`: it answers the host's device-info request with `info`, then sends whatever the
/// test says, well-formed or not (every frame it sends is CRC-valid).
final class PlayedController {
    let terminal: PseudoTerminal
    let info: DeviceInfo
    var path: String { terminal.path }
    private var decoder = FrameDecoder()
    /// Commands the host sent, in order.
    private(set) var commands: [HostCommand] = []

    static func info(maxContacts: UInt8 = 10, modes: ReportModeSet = ReportModeSet.contacts.union(.gestures)) -> DeviceInfo {
        DeviceInfo(
            firmwareVersion: FirmwareVersion(major: 1, minor: 0, patch: 0), boardName: BoardName("played"),
            panelWidth: 3450, panelHeight: 1940, maxX: 4095, maxY: 4095, columns: 32, rows: 18, maxContacts: maxContacts,
            reportRate: 120, supportedModes: modes)
    }

    init(info: DeviceInfo = PlayedController.info()) throws {
        terminal = try PseudoTerminal()
        self.info = info
    }

    /// Waits until the host asks for the description, then gives it; false when no host asked.
    func answerHost(within timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if take().contains(where: { $0 == .getInfo }) {
                send(.info(info))
                return true
            }
        }
        return false
    }

    /// Waits up to `timeout` for the host to send `command`.
    func awaitCommand(within timeout: TimeInterval, where matches: (HostCommand) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if take().contains(where: matches) { return true }
        }
        return false
    }

    /// Commands that came within 50 ms.
    private func take() -> [HostCommand] {
        guard terminal.link.waitForInput(milliseconds: 50) else { return [] }
        var buffer: [UInt8] = []
        _ = try? terminal.link.read(into: &buffer)
        var taken: [HostCommand] = []
        for byte in buffer {
            if case .command(let frame)? = decoder.push(byte) { taken.append(frame.command) }
        }
        commands += taken
        return taken
    }

    func send(_ message: DeviceMessage) {
        var bytes = ByteBuffer()
        FrameEncoder.encode(message, to: &bytes)
        try? terminal.link.write(bytes.bytes)
    }

    func sendRaw(_ bytes: [UInt8]) { try? terminal.link.write(bytes) }

    /// A touch event frame (0x05) exactly as given.
    func touch(
        _ phase: TouchPhase, id: UInt32, slot: UInt8 = 0, x: Float, y: Float, at time: Microseconds
    ) {
        let point = PanelPoint(x: x, y: y)
        send(.touch(TouchEventRecord(
            timestamp: time,
            touch: TrackedTouch(trackingId: id, slot: slot, phase: phase, position: point, startPosition: point, startTime: time))))
    }

    /// A gesture event frame (0x04) exactly as given.
    func gesture(_ kind: GestureKind, _ state: GestureActionState, recognizer: UInt8, x: Float, y: Float, at time: Microseconds) {
        send(.gesture(GestureEvent(
            recognizer: recognizer, kind: kind, state: state, timestamp: time, location: PanelPoint(x: x, y: y), touches: 1)))
    }

    /// A contact report listing `contacts` (millimetres), stamped `clock` on the device's clock.
    func report(sequence: UInt16, clock: UInt32, _ contacts: [(id: UInt8, state: ContactState, x: Float, y: Float)]) {
        var report = ContactReport(sequence: sequence, timestamp: clock)
        for contact in contacts {
            let device = info.deviceCoordinates(of: PanelPoint(x: contact.x, y: contact.y))
            _ = report.contacts.append(WireContact(id: contact.id, state: contact.state, x: device.x, y: device.y))
        }
        send(.contacts(report))
    }
}

