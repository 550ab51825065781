import Testing
import TouchCore
@testable import TouchHost

@Suite struct RecordingTests {
    private func encoded(_ messages: [DeviceMessage]) -> [UInt8] {
        var bytes = ByteBuffer()
        for message in messages { FrameEncoder.encode(message, to: &bytes) }
        return bytes.bytes
    }

    private func report(_ sequence: UInt16, at time: UInt32, _ state: ContactState) -> DeviceMessage {
        var report = ContactReport(sequence: sequence, timestamp: time)
        report.contacts.append(WireContact(id: 1, state: state, x: 2000 + sequence * 10, y: 1024))
        return .contacts(report)
    }

    @Test func linesRoundTripEveryByteValue() throws {
        let chunk = Recording.Chunk(time: 1_843, direction: .fromDevice, bytes: (0...255).map { UInt8($0) })
        let text = Recording.header + "\n# a comment\n" + Recording.line(for: chunk) + "\n"
        #expect(try Recording.parse(text, name: "r.threc").chunks == [chunk])
    }

    @Test func aDamagedLineNamesItsNumber() {
        #expect(throws: HostFailure.self) { try Recording.parse("threc 1\n12 < 0g\n", name: "r.threc") }
        do {
            _ = try Recording.parse("threc 1\n12 < 0g\n", name: "r.threc")
        } catch {
            #expect(error.message == "r.threc: line 2: '0g' is not hex bytes (pairs of 0-9, a-f)")
        }
    }

    @Test func aRecordingReplaysThroughTheDeviceSessionSplitAnywhere() throws {
        let bytes = encoded([
            .info(DeviceSessionTests.info), report(1, at: 70_000, .down), report(2, at: 78_333, .move),
            report(3, at: 86_666, .up),
        ])
        // However the bytes were chunked on the wire, the replay is the same.
        for split in [1, 7, bytes.count] {
            var chunks: [Recording.Chunk] = []
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + split, bytes.count)
                chunks.append(Recording.Chunk(time: Microseconds(offset * 100), direction: .fromDevice, bytes: Array(bytes[offset..<end])))
                offset = end
            }
            var phases: [TouchPhase] = []
            var times: [Microseconds] = []
            ReplayDriver.run(ReplaySource(name: "recording", recording: Recording(chunks: chunks)), recognizers: .kiosk) { event in
                if case .touch(let touch, let time, _) = event {
                    phases.append(touch.phase)
                    times.append(time)
                }
            }
            #expect(phases == [.began, .moved, .ended])
            #expect(times.first == 0 && times.last == 16_666)
        }
    }

    @Test func aChunkThatArrivedLateDoesNotSplitATouch() {
        // The recorder was busy for half a second while the device kept reporting every 8.3 ms.
        let chunks = [
            Recording.Chunk(time: 0, direction: .fromDevice, bytes: encoded([.info(DeviceSessionTests.info), report(1, at: 70_000, .down)])),
            Recording.Chunk(time: 8_000, direction: .fromDevice, bytes: encoded([report(2, at: 78_333, .move)])),
            Recording.Chunk(time: 500_000, direction: .fromDevice, bytes: encoded([report(3, at: 86_666, .move), report(4, at: 95_000, .up)])),
        ]
        var phases: [TouchPhase] = []
        ReplayDriver.run(ReplaySource(name: "recording", recording: Recording(chunks: chunks)), recognizers: .kiosk) { event in
            if case .touch(let touch, _, _) = event { phases.append(touch.phase) }
        }
        #expect(phases == [.began, .moved, .moved, .ended])
    }
}
