import SeededRandom
import TouchCore

/// A controller that misbehaves at random, for soak runs: fingers come and go with recycled ids,
/// lifts go missing, ids come back elsewhere, entries repeat, the controller restarts, reports stop
/// for a while; and on the link, bytes flip, vanish, frames are cut short, lost, sent twice, or
/// drowned in noise. Every report is encoded with `FrameEncoder` before the link spoils it.
struct SoakController {
    struct Finger {
        var id: UInt8
        var position: PanelPoint
        var velocity: PanelPoint
        var reportsLeft: Int
    }

    /// Chances per report (link faults: per encoded frame).
    struct Faults {
        var omittedLift = 0.05
        var reusedId = 0.3
        var duplicateEntry = 0.01
        var restart = 0.0002
        var silence = 0.001
        var crowd = 0.002
        var lostFrame = 0.01
        var repeatedFrame = 0.005
        var bitFlip = 0.01
        var lostByte = 0.005
        var cutFrame = 0.005
        var noise = 0.002
    }

    static let panel = PanelPoint(x: 345, y: 194)
    static let info = DeviceInfo(
        firmwareVersion: FirmwareVersion(major: 1, minor: 0, patch: 0), boardName: BoardName("soak"),
        panelWidth: 3450, panelHeight: 1940, maxX: 4095, maxY: 2303, columns: 32, rows: 18,
        maxContacts: 20, reportRate: 120, supportedModes: .contacts)

    var faults = Faults()
    /// More fingers than the host's slots now and then, so overflow happens too.
    var mostFingers = 14
    private(set) var random: SplitMix64
    private(set) var fingers: [Finger] = []
    private var recentlyFreed: [UInt8] = []
    private var sequence: UInt16 = 0
    /// Starts 10 s before the 32-bit microsecond clock wraps, so every run crosses a wrap early.
    private var clock: UInt32 = UInt32.max - 10_000_000

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    /// The link bytes of the next report (none when the frame is lost, more with repeats or noise).
    mutating func nextReport(into link: inout [UInt8]) {
        clock &+= UInt32(8_333 + Int.random(in: -400...400, using: &random))
        if chance(faults.silence) { clock &+= UInt32.random(in: 50_000...2_000_000, using: &random) }
        if chance(faults.restart) {
            // A controller that restarts forgets its contacts and counts again from zero.
            fingers.removeAll()
            sequence = 0
            clock = UInt32.random(in: 0...UInt32.max, using: &random)
            var sink = ByteCollector()
            FrameEncoder.writeDelimiter(to: &sink)
            FrameEncoder.encode(.status(DeviceStatus(timestamp: clock, kind: .reset, count: 1)), to: &sink)
            spoil(sink.bytes, into: &link)
        }

        var report = ContactReport(sequence: sequence, timestamp: clock)
        sequence &+= 1
        var index = 0
        while index < fingers.count {
            fingers[index].reportsLeft -= 1
            if fingers[index].reportsLeft > 0 {
                index += 1
                continue
            }
            let lifted = fingers.remove(at: index)
            if !chance(faults.omittedLift) { add(lifted, state: .up, to: &report) }
            recentlyFreed.append(lifted.id)
            if recentlyFreed.count > 4 { recentlyFreed.removeFirst() }
        }
        for index in fingers.indices {
            Self.move(&fingers[index])
            add(fingers[index], state: .move, to: &report)
        }
        // Now and then a crowd (a palm, a child's whole hand) lands at once.
        let arrivals = chance(faults.crowd) ? mostFingers - fingers.count : (chance(fingers.count < 4 ? 0.08 : 0.03) ? 1 : 0)
        for _ in 0..<max(min(arrivals, mostFingers - fingers.count), 0) {
            let finger = newFinger()
            fingers.append(finger)
            add(finger, state: .down, to: &report)
        }
        if !report.contacts.isEmpty && chance(faults.duplicateEntry) {
            report.contacts.append(report.contacts[Int.random(in: report.contacts.indices, using: &random)])
        }
        var sink = ByteCollector()
        FrameEncoder.encode(.contacts(report), to: &sink)
        spoil(sink.bytes, into: &link)
    }

    private func add(_ finger: Finger, state: ContactState, to report: inout ContactReport) {
        let device = Self.info.deviceCoordinates(of: finger.position)
        report.contacts.append(WireContact(id: finger.id, state: state, x: device.x, y: device.y, amplitude: 100))
    }

    private mutating func newFinger() -> Finger {
        let used = Set(fingers.map(\.id))
        var id: UInt8
        // An id lifted a moment ago coming back elsewhere: a lift the host may not have seen.
        if let reused = recentlyFreed.last, !used.contains(reused), chance(faults.reusedId) {
            id = reused
        } else {
            repeat { id = UInt8.random(in: 0...WireContact.maxId, using: &random) } while used.contains(id)
        }
        return Finger(
            id: id,
            position: PanelPoint(
                x: Float.random(in: 0...Self.panel.x, using: &random), y: Float.random(in: 0...Self.panel.y, using: &random)),
            velocity: PanelPoint(
                x: Float.random(in: -3...3, using: &random), y: Float.random(in: -3...3, using: &random)),
            reportsLeft: Int.random(in: 1...(chance(0.2) ? 600 : 60), using: &random))
    }

    private static func move(_ finger: inout Finger) {
        finger.position = finger.position + finger.velocity
        // Bounce off the panel's edges.
        if finger.position.x < 0 || finger.position.x > panel.x { finger.velocity.x = -finger.velocity.x }
        if finger.position.y < 0 || finger.position.y > panel.y { finger.velocity.y = -finger.velocity.y }
        finger.position = PanelPoint(
            x: min(max(finger.position.x, 0), Self.panel.x), y: min(max(finger.position.y, 0), Self.panel.y))
    }

    /// The link's faults, applied to one encoded frame on its way to `link`.
    private mutating func spoil(_ frame: [UInt8], into link: inout [UInt8]) {
        if chance(faults.lostFrame) { return }
        var bytes = frame
        if chance(faults.bitFlip) {
            bytes[Int.random(in: bytes.indices, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random)
        }
        if chance(faults.lostByte) { bytes.remove(at: Int.random(in: bytes.indices, using: &random)) }
        if chance(faults.cutFrame) && bytes.count > 2 {
            // Cut short, with or without its delimiter (without, it spoils the next frame too).
            let keep = Int.random(in: 1..<(bytes.count - 1), using: &random)
            bytes = Array(bytes[..<keep]) + (chance(0.5) ? [0] : [])
        }
        if chance(faults.noise) {
            for _ in 0..<Int.random(in: 1...40, using: &random) { link.append(UInt8.random(in: 0...255, using: &random)) }
        }
        link.append(contentsOf: bytes)
        if chance(faults.repeatedFrame) { link.append(contentsOf: frame) }
    }
}
