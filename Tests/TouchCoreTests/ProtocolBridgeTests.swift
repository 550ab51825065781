import Testing
import TouchCore

/// The bridge link: the host forwards recognized gestures and tracked touches downstream in the
/// same frames a device uses.
@Suite struct ProtocolBridgeTests {
    static func touchFrame(at time: Microseconds, phases: [TouchPhase]) -> TouchFrame {
        var frame = TouchFrame(timestamp: time)
        for (index, phase) in phases.enumerated() {
            let start = PanelPoint(x: 100 + Float(index) * 20, y: 80)
            frame.touches.append(
                TrackedTouch(
                    trackingId: UInt32(40 + index), slot: UInt8(index), phase: phase,
                    position: start + PanelPoint(x: Float(time) / 10_000, y: 0.25), startPosition: start,
                    startTime: 0, amplitude: UInt16(200 + index)))
        }
        return frame
    }

    @Test func touchesAndGesturesArriveDownstreamInOrderAndUnchanged() {
        let frames = [
            Self.touchFrame(at: 0, phases: [.began]),
            Self.touchFrame(at: 8_333, phases: [.moved, .began]),
            Self.touchFrame(at: 16_666, phases: [.stationary, .moved]),
            Self.touchFrame(at: 25_000, phases: [.ended, .cancelled]),
        ]
        var gestures = GestureEventList(filler: .placeholder)
        gestures.append(ProtocolSamples.gesture(.pan))
        gestures.append(ProtocolSamples.gesture(.pinch))

        var sink = ByteCollector()
        var expected: [DecodedFrame] = []
        for frame in frames {
            FrameEncoder.encodeTouches(frame, to: &sink)
            for index in frame.touches.indices where frame.touches[index].phase != .stationary {
                expected.append(.device(.touch(TouchEventRecord(timestamp: frame.timestamp, touch: frame.touches[index]))))
            }
        }
        FrameEncoder.encodeGestures(gestures, to: &sink)
        expected += [.device(.gesture(gestures[0])), .device(.gesture(gestures[1]))]

        #expect(ProtocolSamples.decode(sink.bytes).frames == expected)
        #expect(expected.count == 8)  // 6 touches (one stationary left out) and 2 gestures
    }

    @Test func stationaryTouchesAreSentWhenAsked() {
        var sink = ByteCollector()
        FrameEncoder.encodeTouches(Self.touchFrame(at: 5, phases: [.stationary, .stationary]), includeStationary: true, to: &sink)
        #expect(ProtocolSamples.decode(sink.bytes).frames.count == 2)
    }

    @Test(arguments: [
        StatusKind.framesLost, .resync, .deviceReset, .disconnected, .reconnected, .overflow, .duplicateContact,
        .reportTimeout, .recalibrated, .rejected,
    ])
    func everyHostStatusCrossesTheBridgeWithItsCount(_ kind: StatusKind) {
        let event = StatusEvent(kind: kind, timestamp: 8_064_000, count: 3)
        let frames = ProtocolSamples.decode(ProtocolSamples.encoded(.status(DeviceStatus(bridging: event)))).frames
        guard case .device(.status(let status)) = frames.first else {
            Issue.record("no status decoded")
            return
        }
        #expect(StatusEvent(status, at: 8_064_000) == event)
    }

    @Test func deviceStatusesBecomeHostStatusEvents() {
        #expect(StatusEvent(DeviceStatus(timestamp: 1, kind: .reset, count: 2), at: 9)?.kind == .deviceReset)
        #expect(StatusEvent(DeviceStatus(timestamp: 1, kind: .badCommands, count: 2), at: 9) == nil)
    }

    @Test func aDeviceCanRefuseAMalformedCommandByItsRequestId() {
        var decoder = FrameDecoder()
        var validated: ValidatedFrame?
        for byte in ProtocolDecoderTests.rawFrame(type: 0x82, payload: [5, 9]) {
            if let frame = decoder.pushFrame(byte) { validated = frame }
        }
        guard let validated else {
            Issue.record("frame not validated")
            return
        }
        #expect(FrameDecoder.decodeCommand(validated) == nil)
        #expect(validated.requestId == 5)
    }

    @Test func onePanningFingerAt120HzFitsA115200BaudBridge() {
        let touch = ProtocolSamples.encoded(.touch(ProtocolSamples.touch)).count
        var pan = ProtocolSamples.gesture(.pan)
        pan.touches = 1
        let gesture = ProtocolSamples.encoded(.gesture(pan)).count
        #expect(touch == 46 && gesture == 42)
        #expect((touch + gesture) * 120 * 10 < 115_200)
    }

    @Test func tenTouchesAt120HzNeedA921600BaudBridge() {
        let touch = ProtocolSamples.encoded(.touch(ProtocolSamples.touch)).count
        #expect(10 * touch * 120 * 10 > 460_800)
        #expect(10 * touch * 120 * 10 < 921_600 * 2 / 3)
    }
}
