import Foundation
import SharedDataSupport
import Testing
import TouchCore
import TouchHost

/// Real finger movement from the evemu recordings in Tests/Data, as the importer reads it, re-sent
/// as each legacy protocol would send it, must come out of decoder and assembler as the same
/// contacts: the coordinates exercise every byte value a packet can carry, the multi-finger files
/// exercise PenMount's interleaving.
@Suite struct LegacyRecordingTests {
    /// Recordings whose contacts have ids (protocol B, single touch): what a contact-indexed
    /// stream can carry. Protocol A's anonymous contacts have none.
    static let recordings = SharedTestData.cases(in: "evemu", extensions: ["events", "event"]).filter { file in
        guard let url = try? file.url() else { return true }
        return (try? EvemuImporter().load(events: url.path).protocolKind) != .anonymous
    }

    static let panel = PanelPoint(x: 300, y: 200)

    @Test(arguments: LegacyProtocol.allCases, recordings)
    func recordedTouchesSurviveTheLegacyWire(kind: LegacyProtocol, recording: DataFile) throws {
        let replay = try RecordedReplay(file: try recording.url(), as: kind)
        try #require(!replay.expected.isEmpty)
        for noisy in [false, true] {
            var decoder = LegacyDecoder(protocol: kind)
            var assembler = LegacyFrameAssembler(protocol: kind, panelSize: Self.panel, liftTimeout: nil)
            var seen: [ExpectedContact] = []
            var noiseBytes = 0
            for (number, packet) in replay.packets.enumerated() {
                if noisy && number % 7 == 3 {
                    decoder.push(contentsOf: [0x00, 0x13], at: packet.time) { _ in Issue.record("noise decoded") }
                    noiseBytes += 2
                }
                decoder.push(contentsOf: packet.bytes, at: packet.time) { sample in
                    guard let frame = assembler.frame(for: sample) else { return }
                    #expect(frame.isFull == !kind.isMultiTouch)
                    for index in frame.contacts.indices {
                        let contact = frame.contacts[index]
                        seen.append(ExpectedContact(id: Int(contact.controllerId ?? 255), state: contact.state,
                                                    position: contact.position))
                    }
                }
            }
            #expect(decoder.stats.samples == replay.packets.count)
            #expect(decoder.stats.skippedBytes == noiseBytes && decoder.stats.badChecksums == 0)
            try #require(seen.count == replay.expected.count)
            let tolerance = replay.millimetresPerRawUnit + PanelPoint(x: 1e-3, y: 1e-3)
            for (got, want) in zip(seen, replay.expected) {
                #expect(got.id == want.id && got.state == want.state)
                #expect(abs(got.position.x - want.position.x) <= tolerance.x)
                #expect(abs(got.position.y - want.position.y) <= tolerance.y)
            }
        }
    }
}

struct ExpectedContact {
    var id: Int
    var state: ContactState
    var position: PanelPoint
}

/// A recording's contacts, as `EvemuImporter` gives them, turned into legacy packets plus the
/// contacts the tracker should receive. A contact's place on the panel (a fraction of its width
/// and height) goes on the wire in the protocol's units; contacts the protocol cannot carry
/// (anonymous ones, controller ids past its capacity) are left out of both.
struct RecordedReplay {
    var packets: [(time: Microseconds, bytes: [UInt8])] = []
    var expected: [ExpectedContact] = []
    var millimetresPerRawUnit: PanelPoint

    init(file: URL, as kind: LegacyProtocol) throws {
        let range = kind.defaultRange
        let panel = LegacyRecordingTests.panel
        millimetresPerRawUnit = PanelPoint(x: panel.x / Float(abs(range.maxX - range.minX)),
                                           y: panel.y / Float(abs(range.maxY - range.minY)))
        let recording = try EvemuImporter().load(events: file.path)
        let source = PanelPoint(x: recording.panel.width, y: recording.panel.height)
        var touching = Set<Int>()
        for frame in recording.frames {
            for index in frame.contacts.indices {
                let contact = frame.contacts[index]
                guard let id = contact.controllerId.map(Int.init), id < kind.contactCapacity else { continue }
                let x = Double(min(max(contact.position.x / source.x, 0), 1))
                let y = Double(min(max(contact.position.y / source.y, 0), 1))
                let down = contact.state != .up
                packets.append((frame.timestamp, Self.packet(kind, index: id, touching: down, x: x, y: y, range: range)))
                let state: ContactState = !down ? .up : (touching.contains(id) ? .move : .down)
                expected.append(ExpectedContact(id: kind.isMultiTouch ? id : 0, state: state, position: Self.mm(x, y, panel)))
                if down { touching.insert(id) } else { touching.remove(id) }
            }
        }
    }

    private static func mm(_ x: Double, _ y: Double, _ panel: PanelPoint) -> PanelPoint {
        PanelPoint(x: Float(x) * panel.x, y: Float(y) * panel.y)
    }

    private static func raw(_ fraction: Double, _ low: Int32, _ high: Int32) -> UInt16 {
        UInt16((Double(low) + fraction * Double(high - low)).rounded())
    }

    private static func packet(_ kind: LegacyProtocol, index: Int, touching: Bool, x: Double, y: Double,
                               range: LegacyCoordinateRange) -> [UInt8] {
        LegacyWire.touch(kind, index: UInt8(index), touching: touching, x: raw(x, range.minX, range.maxX),
                         y: raw(y, range.minY, range.maxY))
    }
}
