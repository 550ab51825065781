import Testing
import TouchCore
@testable import TouchHost

/// A link whose far end is the test: it answers nothing by itself, hands over what the test queued.
final class ScriptedLink: ByteLink {
    let name = "test-link"
    var incoming: [UInt8] = []
    var sent: [UInt8] = []
    var pollDescriptor: Int32 { -1 }

    func read(into buffer: inout [UInt8]) throws(LinkError) -> Int {
        let count = incoming.count
        buffer += incoming
        incoming.removeAll()
        return count
    }

    /// Set, the far end reads nothing more: writes wait in the link's bounded `OutgoingQueue`, the
    /// one a real link has, and never go out.
    var stopsReading = false
    private var unread = OutgoingQueue()

    func write(_ bytes: [UInt8]) throws(LinkError) {
        guard stopsReading else { return sent += bytes }
        try unread.write(bytes, port: name) { _, _ in nil }
    }

    var queuedOutput: Int { unread.count }
    func flushOutput() throws(LinkError) { try unread.flush { _, _ in nil } }
    func close() {}

    func queue(_ message: DeviceMessage) {
        var bytes = ByteBuffer()
        FrameEncoder.encode(message, to: &bytes)
        incoming += bytes.bytes
    }
}

@Suite struct DeviceSessionTests {
    static let info = DeviceInfo(
        firmwareVersion: FirmwareVersion(major: 0, minor: 1, patch: 0), boardName: BoardName("test"),
        panelWidth: 3450, panelHeight: 1940, maxX: 4095, maxY: 4095, columns: 69, rows: 39, maxContacts: 10,
        reportRate: 120, supportedModes: .contacts)

    private func session(_ link: ScriptedLink, into events: Box<[HostEvent]>) throws -> DeviceSession {
        let session = DeviceSession(link: link, sink: { events.value.append($0) }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        link.queue(.info(Self.info))
        _ = session.dispatch(now: 0)
        try #require(session.info != nil)
        return session
    }

    private func report(_ sequence: UInt16, at time: UInt32, _ contacts: [WireContact]) -> DeviceMessage {
        var report = ContactReport(sequence: sequence, timestamp: time)
        for contact in contacts { report.contacts.append(contact) }
        return .contacts(report)
    }

    private func touches(_ events: [HostEvent]) -> [(TrackedTouch, Microseconds)] {
        events.compactMap { if case .touch(let touch, let time, _) = $0 { (touch, time) } else { nil } }
    }

    @Test func theHandshakeAsksForDeviceInfo() throws {
        let link = ScriptedLink()
        let events = Box<[HostEvent]>([])
        let session = try session(link, into: events)
        #expect(session.info == Self.info)
        var decoder = FrameDecoder()
        let commands = link.sent.compactMap { decoder.push($0) }
        #expect(commands == [.command(CommandFrame(requestId: 1, command: .getInfo))])
    }

    @Test func reportsBecomeTouchesInMillimetresTimedFromTheFirstReport() throws {
        let link = ScriptedLink()
        let events = Box<[HostEvent]>([])
        let session = try session(link, into: events)
        link.queue(report(7, at: 5_000_000, [WireContact(id: 2, state: .down, x: 4095, y: 0)]))
        link.queue(report(8, at: 5_008_333, [WireContact(id: 2, state: .up, x: 4095, y: 0)]))
        _ = session.dispatch(now: 1_000)
        let seen = touches(events.value)
        #expect(seen.map(\.0.phase) == [.began, .ended])
        #expect(seen.map(\.1) == [0, 8_333])
        #expect(seen[0].0.position == PanelPoint(x: 345, y: 0))
    }

    @Test func garbageBetweenFramesIsReportedAsAResync() throws {
        let link = ScriptedLink()
        let events = Box<[HostEvent]>([])
        let session = try session(link, into: events)
        link.incoming += [0x13, 0x37, 0x42, 0x00]
        link.queue(report(1, at: 100, []))
        _ = session.dispatch(now: 1_000)
        let statuses = events.value.compactMap { if case .status(let status) = $0 { status } else { nil } }
        #expect(statuses.map(\.kind) == [.resync])
        #expect(statuses.first?.count == 4)
    }

    @Test func aDeviceResetCancelsLiveTouchesAndTimeKeepsGoing() throws {
        let link = ScriptedLink()
        let events = Box<[HostEvent]>([])
        let session = try session(link, into: events)
        link.queue(report(40, at: 9_000_000, [WireContact(id: 0, state: .down, x: 100, y: 100)]))
        link.queue(report(41, at: 9_010_000, [WireContact(id: 0, state: .move, x: 100, y: 100)]))
        link.queue(.status(DeviceStatus(timestamp: 9_020_000, kind: .reset, count: 1)))
        link.queue(report(0, at: 1_000, [WireContact(id: 0, state: .down, x: 200, y: 200)]))
        _ = session.dispatch(now: 1_000)
        let seen = touches(events.value)
        #expect(seen.map(\.0.phase) == [.began, .cancelled, .began])
        #expect(seen.last.map(\.1) ?? 0 >= 20_000)
        #expect(events.value.contains { if case .status(let s) = $0 { s.kind == .deviceReset } else { false } })
    }

    @Test func aSilentDeviceFailsTheHandshakeNamingThePort() {
        let link = ScriptedLink()
        let session = DeviceSession(link: link, sink: { _ in }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        // In virtual time: asked every 400 ms, given up on after 2 s.
        var now: Microseconds = 0
        while !session.hasEnded, now <= 10_000_000 {
            let next = session.dispatch(now: now)
            now = max(now + 1, next ?? now + 100_000)
        }
        #expect(session.hasEnded)
        #expect(session.hostTime == DeviceSession.answerTimeout)
        #expect(session.failure?.description.hasPrefix("test-link: no answer to the device-info request within 2 s; heard nothing") == true,
            "\(String(describing: session.failure))")
        var decoder = FrameDecoder()
        #expect(link.sent.compactMap { decoder.push($0) }.count == 5)
    }
}

final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
