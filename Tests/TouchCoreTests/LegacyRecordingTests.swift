import Foundation
import Testing
import TouchCore

/// Real finger movement from the evemu recordings in ../shared/data, re-sent as each legacy
/// protocol would send it, must come out of decoder and assembler as the same touches: the
/// coordinates exercise every byte value a packet can carry, the multi-finger files exercise
/// PenMount's interleaving.
@Suite struct LegacyRecordingTests {
    static let evemuFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/data/evemu").standardizedFileURL

    /// Recordings in multitouch protocol B (tracking ids), the kind a contact-indexed stream can mimic.
    static let recordings: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: evemuFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".events") || $0.hasSuffix(".event") }.filter { name in
            let text = (try? String(contentsOf: evemuFolder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.contains(" 0003 0039 ")
        }.sorted()
    }()

    static let panel = PanelPoint(x: 300, y: 200)

    @Test(.enabled(if: !recordings.isEmpty), arguments: LegacyProtocol.allCases, recordings)
    func recordedTouchesSurviveTheLegacyWire(kind: LegacyProtocol, recording: String) throws {
        let replay = try RecordedReplay(file: Self.evemuFolder.appendingPathComponent(recording), as: kind)
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

/// A recording turned into legacy packets plus the contacts the tracker should receive, worked
/// out from the recording itself rather than from the decoder.
struct RecordedReplay {
    var packets: [(time: Microseconds, bytes: [UInt8])] = []
    var expected: [ExpectedContact] = []
    var millimetresPerRawUnit: PanelPoint

    private struct Slot {
        var active = false
        var began = false
        var ended = false
        var wasTouching = false
        var x = 0.0, y = 0.0
        var sentX = 0.0, sentY = 0.0
    }

    init(file: URL, as kind: LegacyProtocol) throws {
        let range = kind.defaultRange
        let panel = LegacyRecordingTests.panel
        millimetresPerRawUnit = PanelPoint(x: panel.x / Float(abs(range.maxX - range.minX)),
                                           y: panel.y / Float(abs(range.maxY - range.minY)))
        let (xAxis, yAxis) = try Self.axes(for: file)
        let text = try String(contentsOf: file, encoding: .utf8)
        let slotLimit = kind.contactCapacity
        var slots = [Slot](repeating: Slot(), count: 64)
        var current = 0
        var start: Double?

        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 5, let seconds = Double(fields[1]),
                  let type = Int(fields[2], radix: 16), let code = Int(fields[3], radix: 16),
                  let value = Int(fields[4]) else { continue }
            if start == nil { start = seconds }
            switch (type, code) {
            case (3, 0x2F): current = min(max(value, 0), slots.count - 1)
            case (3, 0x39):
                if value < 0 { slots[current].ended = true; slots[current].active = false }
                else { slots[current].active = true; slots[current].began = true }
            case (3, 0x35): slots[current].x = Double(value - xAxis.min) / Double(xAxis.max - xAxis.min)
            case (3, 0x36): slots[current].y = Double(value - yAxis.min) / Double(yAxis.max - yAxis.min)
            case (0, 0):
                let time = Microseconds(((seconds - (start ?? seconds)) * 1_000_000).rounded())
                for index in 0..<slotLimit {
                    emit(&slots[index], index: index, kind: kind, range: range, at: time)
                }
            default: break
            }
        }
    }

    private mutating func emit(_ slot: inout Slot, index: Int, kind: LegacyProtocol,
                               range: LegacyCoordinateRange, at time: Microseconds) {
        let panel = LegacyRecordingTests.panel
        let id = kind.isMultiTouch ? index : 0
        // A lift, or a new tracking id in a slot that was still touching: the old contact ends first.
        if slot.wasTouching && (slot.ended || slot.began) {
            packets.append((time, Self.packet(kind, index: index, touching: false, x: slot.sentX, y: slot.sentY, range: range)))
            expected.append(ExpectedContact(id: id, state: .up, position: Self.mm(slot.sentX, slot.sentY, panel)))
            slot.wasTouching = false
        }
        if slot.active {
            let x = min(max(slot.x, 0), 1), y = min(max(slot.y, 0), 1)
            packets.append((time, Self.packet(kind, index: index, touching: true, x: x, y: y, range: range)))
            expected.append(ExpectedContact(id: id, state: slot.wasTouching ? .move : .down, position: Self.mm(x, y, panel)))
            slot.sentX = x
            slot.sentY = y
            slot.wasTouching = true
        }
        slot.began = false
        slot.ended = false
    }

    private static func mm(_ x: Double, _ y: Double, _ panel: PanelPoint) -> PanelPoint {
        PanelPoint(x: Float(x) * panel.x, y: Float(y) * panel.y)
    }

    private static func raw(_ fraction: Double, _ low: Int32, _ high: Int32) -> UInt16 {
        UInt16((Double(low) + fraction * Double(high - low)).rounded())
    }

    private static func packet(_ kind: LegacyProtocol, index: Int, touching: Bool, x: Double, y: Double,
                               range: LegacyCoordinateRange) -> [UInt8] {
        let rx = raw(x, range.minX, range.maxX), ry = raw(y, range.minY, range.maxY)
        switch kind {
        case .penmount6250: return LegacyPackets.penmount(index: UInt8(index), touching: touching, x: rx, y: ry)
        default: return LegacyPackets.touch(kind, touching: touching, x: rx, y: ry)
        }
    }

    /// ABS_MT_POSITION_X/Y ranges from the recording's description (`A: 35 min max ...`).
    private static func axes(for events: URL) throws -> ((min: Int, max: Int), (min: Int, max: Int)) {
        let name = events.lastPathComponent
        let device = events.pathExtension == "event"
            ? String(name.dropLast(".event".count)) + ".prop"
            : String(name.prefix(while: { $0 != "." })) + ".desc"
        let text = try String(contentsOf: events.deletingLastPathComponent().appendingPathComponent(device), encoding: .utf8)
        var found: [String: (min: Int, max: Int)] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("A:") {
            let fields = line.split(separator: " ")
            guard fields.count >= 4, let low = Int(fields[2]), let high = Int(fields[3]) else { continue }
            found[String(fields[1])] = (low, high)
        }
        return (try #require(found["35"]), try #require(found["36"]))
    }
}
