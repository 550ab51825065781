import Testing
import TouchCore
@testable import TouchHost

/// The evdev decoder's resync after a SYN_DROPPED (what `EvdevSession` does with the state it reads
/// back from the device), in virtual time: touches that vanished are forgotten for the session to
/// cancel, survivors go on, fingers that came down meanwhile begin, none is invented.
@Suite struct EvdevResyncTests {
    private static func device() throws -> PositionScale {
        var device = EvemuDevice()
        device.name = "resync test"
        for code in [EvemuEvent.absMTPositionX, EvemuEvent.absMTPositionY] {
            device.axes[code] = EvemuDevice.Axis(minimum: 0, maximum: 1000, fuzz: 0, flat: 0, resolution: 10)
        }
        device.axes[EvemuEvent.absMTSlot] = EvemuDevice.Axis(minimum: 0, maximum: 9, fuzz: 0, flat: 0, resolution: 0)
        return try PositionScale(device: device, size: nil, file: "test")
    }

    private static func contacts(_ frames: [ContactFrame]) -> [ReportedContact] {
        frames.flatMap { frame in frame.contacts.indices.map { frame.contacts[$0] } }
    }

    private static func events(_ decoder: inout EvemuFrameDecoder, at time: Int64, _ list: [(Int, Int)]) {
        for (code, value) in list { decoder.consume(EvemuEvent(time: time, type: EvemuEvent.absType, code: code, value: value)) }
        decoder.consume(EvemuEvent(time: time, type: EvemuEvent.synType, code: EvemuEvent.synReport, value: 0))
    }

    @Test func aTouchThatVanishedIsForgottenAndTheOthersBeginAgainWhileANewOneBegins() throws {
        var decoder = EvemuFrameDecoder(scale: try Self.device(), protocolKind: .slots, start: .init())
        decoder.timeOrigin = 0
        let slot = EvemuEvent.absMTSlot, id = EvemuEvent.absMTTrackingId, x = EvemuEvent.absMTPositionX, y = EvemuEvent.absMTPositionY
        Self.events(&decoder, at: 1_000, [(slot, 0), (id, 5), (x, 100), (y, 100), (slot, 1), (id, 6), (x, 500), (y, 500)])
        #expect(Self.contacts(decoder.takeFrames()).filter { $0.state == .down }.count == 2)

        // While events were dropped: slot 0 lifted, slot 1 moved, slot 2 came down.
        var state = EvemuFrameDecoder.DeviceState()
        state.slots[0] = .init(trackingId: -1, x: 100, y: 100)
        state.slots[1] = .init(trackingId: 6, x: 550, y: 500)
        state.slots[2] = .init(trackingId: 7, x: 900, y: 100)
        state.currentSlot = 2
        let vanished = decoder.resync(to: state)
        #expect(vanished)
        decoder.consume(EvemuEvent(time: 2_000, type: EvemuEvent.synType, code: EvemuEvent.synReport, value: 0))
        let contacts = Self.contacts(decoder.takeFrames())
        // No up for the vanished touch (the session cancels every touch), the survivor and the newcomer down.
        #expect(!contacts.contains { $0.state == .up })
        #expect(contacts.filter { $0.state == .down }.map(\.position.x).sorted() == [55, 90])
        #expect(decoder.endsWithTouchesDown)
    }

    @Test func nothingVanishedMeansTouchesGoOnWithoutACancel() throws {
        var decoder = EvemuFrameDecoder(scale: try Self.device(), protocolKind: .slots, start: .init())
        let slot = EvemuEvent.absMTSlot, id = EvemuEvent.absMTTrackingId, x = EvemuEvent.absMTPositionX, y = EvemuEvent.absMTPositionY
        Self.events(&decoder, at: 1_000, [(slot, 0), (id, 5), (x, 100), (y, 100)])
        _ = decoder.takeFrames()
        var state = EvemuFrameDecoder.DeviceState()
        state.slots[0] = .init(trackingId: 5, x: 200, y: 100)
        let vanished = decoder.resync(to: state)
        #expect(!vanished)
        decoder.consume(EvemuEvent(time: 2_000, type: EvemuEvent.synType, code: EvemuEvent.synReport, value: 0))
        let contacts = Self.contacts(decoder.takeFrames())
        #expect(contacts.map(\.state) == [.move])
        #expect(contacts.first?.position.x == 20)
    }
}

@Suite struct ServeOutputFormatsTests {
    @Test func bindingsNameTheirGestureAndKeyOrSayWhatIsKnown() throws {
        let bindings = try GestureBindings(["swipe-left=KEY_BACK", "long-press=BTN_RIGHT"])
        var swipe = GestureEvent(recognizer: 0, kind: .swipe, state: .recognized, timestamp: 0, location: .zero, touches: 1)
        swipe.values.direction = .left
        #expect(bindings.key(for: swipe) == 158)
        swipe.values.direction = .right
        #expect(bindings.key(for: swipe) == nil)
        let press = GestureEvent(recognizer: 0, kind: .longPress, state: .began, timestamp: 0, location: .zero, touches: 1)
        #expect(bindings.key(for: press) == 0x111)
        #expect(throws: HostFailure.self) { try GestureBindings(["wave=KEY_BACK"]) }
        #expect(throws: HostFailure.self) { try GestureBindings(["tap=KEY_NOPE"]) }
    }

    @Test func metricsCountTouchesAndKeepALatencyHistogram() {
        let metrics = ServeMetrics()
        var touch = TrackedTouch(trackingId: 1, slot: 0, phase: .began, position: .zero, startPosition: .zero, startTime: 0)
        metrics.observe(.touch(touch, at: 0))
        touch.phase = .cancelled
        metrics.observe(.touch(touch, at: 10))
        metrics.observe(latency: 400, work: 150)
        metrics.observe(latency: 3_000, work: 200)
        let text = metrics.text()
        #expect(text.contains("touchhost_touches_total{phase=\"began\"} 1"))
        #expect(text.contains("touchhost_touches_total{phase=\"cancelled\"} 1"))
        #expect(text.contains("touchhost_report_to_uinput_seconds_bucket{le=\"0.0005\"} 1"))
        #expect(text.contains("touchhost_report_to_uinput_seconds_count 2"))
        #expect(text.contains("touchhost_serve_work_seconds_bucket{le=\"0.00025\"} 2"))
        #expect(text.contains("touchhost_serve_work_seconds_count 2"))
        #expect(metrics.reportToUInput.percentile(0.99) == 3_000)
        #expect(metrics.serveWork.percentile(0.5) == 150)
    }
}
