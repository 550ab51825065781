import Foundation
import Testing
import TouchCore

/// The hex vectors in docs/protocol.md are computed from the specification by hand, independently of
/// this code; reading them from the document means the document and the encoder cannot drift apart.
@Suite struct ProtocolDocumentVectorTests {
    struct Vector {
        var name: String
        var frame: [UInt8]
        var wire: [UInt8]
    }

    /// What each vector in the document encodes.
    static let messages: [String: DecodedFrame] = {
        var pan = GestureValues()
        pan.translation = PanelPoint(x: 12.5, y: -3.25)
        pan.velocity = PanelPoint(x: 210, y: -40.5)
        var tap = GestureValues()
        tap.taps = 1
        var twoContacts = ContactReport(sequence: 0x1234, timestamp: 123_456)
        twoContacts.contacts.append(WireContact(id: 3, state: .down, x: 1200, y: 800, amplitude: 90))
        twoContacts.contacts.append(WireContact(id: 4, state: .move, x: 4095, y: 0, amplitude: 255))
        var heatmap = HeatmapSlice(sequence: 7, timestamp: 1000, totalRows: 18, firstRow: 4, rowCount: 2, columns: 3)
        for value: Int16 in [0, 1, -1, 300, -300, 32767] { heatmap.values.append(value) }
        var shaped = ContactReport(sequence: 5, timestamp: 16000, isShaped: true)
        shaped.contacts.append(
            WireContact(
                id: 2, state: .down, x: 1200, y: 800, amplitude: 90, shape: WireShape(major: 18, minor: 17, orientation: 30)))
        shaped.contacts.append(
            WireContact(
                id: 5, state: .move, x: 2000, y: 1000, amplitude: 140,
                shape: WireShape(major: 200, minor: 160, orientation: 0, flags: WireShape.palmFlag)))
        return [
            "info": .device(.info(ProtocolSamples.info)),
            "contacts-empty": .device(.contacts(ContactReport(sequence: 1, timestamp: 16000))),
            "contacts-two": .device(.contacts(twoContacts)),
            "heatmap": .device(.heatmap(heatmap)),
            "gesture-tap": .device(
                .gesture(
                    GestureEvent(
                        recognizer: 0, kind: .tap, state: .recognized, timestamp: 560_200,
                        location: PanelPoint(x: 150, y: 100), touches: 1, values: tap))),
            "gesture-pan": .device(
                .gesture(
                    GestureEvent(
                        recognizer: 4, kind: .pan, state: .changed, timestamp: 4_100_000,
                        location: PanelPoint(x: 150, y: 100.5), touches: 1, values: pan))),
            "touch": .device(.touch(ProtocolSamples.touch)),
            "status": .device(.status(DeviceStatus(timestamp: 8_064_000, kind: .framesLost, count: 2))),
            "reply": .device(.reply(CommandReply(requestId: 9, command: .setReportRate, result: .invalidArgument))),
            "get-info": .command(CommandFrame(requestId: 1, command: .getInfo)),
            "set-mode": .command(CommandFrame(requestId: 2, command: .setMode(.both))),
            "set-report-rate": .command(CommandFrame(requestId: 3, command: .setReportRate(240))),
            "reset": .command(CommandFrame(requestId: 6, command: .reset)),
            "stimulus": .command(
                CommandFrame(
                    requestId: 7,
                    command: .stimulus(FingerStimulus(finger: 1, action: .down, position: PanelPoint(x: 120, y: 80.5))))),
            "inject-faults": .command(CommandFrame(requestId: 255, command: .injectFaults(ProtocolSamples.faults))),
            "shaped-contacts": .device(.contacts(shaped)),
            "status-palm": .device(.status(DeviceStatus(timestamp: 2_000_000, kind: .palmBegan, count: 1000 | 900 << 16))),
            "stimulus-sized": .command(
                CommandFrame(
                    requestId: 8,
                    command: .stimulus(
                        FingerStimulus(
                            finger: 1, action: .down, position: PanelPoint(x: 120, y: 80.5),
                            shape: ContactShape(major: 16, minor: 8, orientation: 30))))),
            "stimulus-palm": .command(
                CommandFrame(
                    requestId: 9,
                    command: .stimulus(
                        FingerStimulus(
                            finger: 2, action: .down, position: PanelPoint(x: 100, y: 90),
                            shape: ContactShape(major: 100, minor: 80, orientation: 0), isPalm: true)))),
            "set-contact-shapes": .command(CommandFrame(requestId: 10, command: .setContactShapes(true))),
            "info-idle": .device(.info(ProtocolSamples.idlingInfo)),
            "set-idle-acquisition": .command(CommandFrame(requestId: 11, command: .setIdleAcquisition(true))),
        ]
    }()

    static func documentVectors() throws -> [Vector] {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/protocol.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        var vectors: [Vector] = []
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("vector:") {
                vectors.append(Vector(name: value(of: line), frame: [], wire: []))
            } else if line.hasPrefix("frame:"), !vectors.isEmpty {
                vectors[vectors.count - 1].frame = hex(value(of: line))
            } else if line.hasPrefix("wire:"), !vectors.isEmpty {
                vectors[vectors.count - 1].wire = hex(value(of: line))
            }
        }
        return vectors
    }

    static func value(of line: String) -> String {
        String(line.drop(while: { $0 != ":" }).dropFirst()).trimmingCharacters(in: .whitespaces)
    }

    static func hex(_ text: String) -> [UInt8] {
        text.split(separator: " ").compactMap { UInt8($0, radix: 16) }
    }

    static func encoded(_ frame: DecodedFrame) -> (frame: [UInt8], wire: [UInt8]) {
        let buffer: FrameBuffer
        let wire: [UInt8]
        switch frame {
        case .device(let message):
            buffer = FrameEncoder.frame(message)
            wire = ProtocolSamples.encoded(message)
        case .command(let command):
            buffer = FrameEncoder.frame(command)
            wire = ProtocolSamples.encoded(command)
        }
        return ((0..<buffer.count).map { buffer[$0] }, wire)
    }

    @Test func everyVectorInTheDocumentIsWhatTheEncoderWrites() throws {
        let vectors = try Self.documentVectors()
        #expect(Set(vectors.map(\.name)) == Set(Self.messages.keys), "document and test name the same vectors")
        for vector in vectors {
            guard let message = Self.messages[vector.name] else { continue }
            let actual = Self.encoded(message)
            #expect(actual.frame == vector.frame, "frame of \(vector.name)")
            #expect(actual.wire == vector.wire, "wire bytes of \(vector.name)")
        }
    }

    @Test func everyVectorInTheDocumentDecodesToItsMessage() throws {
        for vector in try Self.documentVectors() {
            let frames = ProtocolSamples.decode(vector.wire).frames
            #expect(frames == [Self.messages[vector.name]].compactMap { $0 }, "\(vector.name)")
        }
    }
}
