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

/// What the JSON event stream promises (contracts.md section 3), checked line by line as a
/// reader of the stream would: `t` never decreases; every `began` gets exactly one `ended` or
/// `cancelled` and nothing else happens to a touch that is not live; ids never come back; slots
/// lie within the device's capacity and no two live touches share one; a continuous gesture
/// changes and ends only after it began. `finish` adds: nothing is left live.
struct StreamPromises {
    let capacity: Int
    private(set) var violations: [String] = []
    private(set) var began = 0
    private(set) var ended = 0
    private(set) var cancelled = 0
    private(set) var rejected = 0
    private(set) var statuses: [String] = []
    private var live: [Int: Int] = [:]
    private var seen: Set<Int> = []
    private var lastT = -Double.infinity
    private var openGestures: Set<String> = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func check(_ lines: [String]) {
        for line in lines { check(line) }
    }

    mutating func check(_ line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let type = object["type"] as? String
        else { return }
        guard let t = object["t"] as? Double else {
            violations.append("no t: \(line)")
            return
        }
        if t < lastT { violations.append("t went back from \(lastT) to \(t): \(line)") }
        lastT = max(lastT, t)
        switch type {
        case "touch":
            guard let id = object["id"] as? Int, let slot = object["slot"] as? Int, let phase = object["phase"] as? String else {
                violations.append("touch without id, slot or phase: \(line)")
                return
            }
            if slot < 0 || slot >= capacity { violations.append("slot \(slot) beyond \(capacity): \(line)") }
            switch phase {
            case "began":
                began += 1
                if seen.contains(id) { violations.append("id \(id) began again: \(line)") }
                if live.values.contains(slot) { violations.append("slot \(slot) already held: \(line)") }
                seen.insert(id)
                live[id] = slot
            case "moved", "stationary":
                if live[id] != slot { violations.append("\(phase) for a touch not live in that slot: \(line)") }
            case "ended", "cancelled":
                if phase == "ended" { ended += 1 } else { cancelled += 1 }
                if live.removeValue(forKey: id) == nil { violations.append("\(phase) for a touch not live: \(line)") }
            default:
                violations.append("unknown phase: \(line)")
            }
        case "gesture":
            guard let name = object["name"] as? String, let state = object["state"] as? String else { return }
            switch state {
            case "began":
                if !openGestures.insert(name).inserted { violations.append("\(name) began twice: \(line)") }
            case "changed":
                if !openGestures.contains(name) { violations.append("\(name) changed without beginning: \(line)") }
            case "ended", "cancelled":
                if openGestures.remove(name) == nil { violations.append("\(name) \(state) without beginning: \(line)") }
            case "recognized":
                if openGestures.contains(name) { violations.append("\(name) recognized inside itself: \(line)") }
            default:
                violations.append("gesture state \(state): \(line)")
            }
        case "status":
            let event = object["event"] as? String ?? "?"
            statuses.append(event)
            if event == "rejected" { rejected += object["count"] as? Int ?? 0 }
        default:
            break
        }
    }

    /// The stream is over: every touch and gesture that began has finished.
    mutating func finish() {
        if !live.isEmpty { violations.append("still live at the end: \(live.keys.sorted())") }
        if !openGestures.isEmpty { violations.append("gestures still under way at the end: \(openGestures.sorted())") }
    }
}

/// The largest resident set a process reaches while it runs, sampled from /proc every 20 ms.
final class ResidentSetWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var stopped = false

    init(pid: Int32) {
        Thread.detachNewThread { [self] in
            while !lock.withLock({ stopped }) {
                if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                    let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                    let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
                {
                    lock.withLock { peak = max(peak, kib) }
                }
                usleep(20_000)
            }
        }
    }

    /// The peak in MiB so far; stops watching.
    func stop() -> Int {
        lock.withLock {
            stopped = true
            return peak / 1024
        }
    }
}
