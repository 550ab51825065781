import Testing
import TouchCore
@testable import TouchHost

@Suite struct BridgeLinkTests {
    /// Positions, phases, slots and gesture values arrive as sent; the downstream session numbers
    /// touches itself (ids are the session's, never the link's) and counts time from the first
    /// timestamp it sees, like a controller's.
    @Test func bridgedEventsArriveDownstreamAsTheSessionsOwn() throws {
        let wire = ScriptedLink()
        let bridge = BridgeLink(link: wire)
        let touch = TrackedTouch(
            trackingId: 9, slot: 1, phase: .began, position: PanelPoint(x: 12.5, y: 40),
            startPosition: PanelPoint(x: 12.5, y: 40), startTime: 16_000)
        var values = GestureValues()
        values.taps = 2
        let gesture = GestureEvent(
            recognizer: 1, kind: .tap, state: .recognized, timestamp: 300_000, location: PanelPoint(x: 12, y: 40),
            touches: 1, values: values)
        let sent: [HostEvent] = [
            .touch(touch, at: 16_000), .gesture(gesture), .status(StatusEvent(kind: .framesLost, timestamp: 400_000, count: 3)),
        ]
        for event in sent { bridge.send(event) }
        try bridge.flush()

        let downstream = ScriptedLink()
        // A bridge describes the upstream device first.
        downstream.queue(.info(DeviceSessionTests.info))
        downstream.incoming += wire.sent
        var received: [HostEvent] = []
        let session = DeviceSession(link: downstream, sink: { received.append($0) }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        session.receive(downstream.incoming)
        var expectedTouch = touch
        expectedTouch.trackingId = 1
        expectedTouch.startTime = 0
        var expectedGesture = gesture
        expectedGesture.timestamp = 284_000
        #expect(Array(received.prefix(2)) == [.touch(expectedTouch, at: 0), .gesture(expectedGesture)])
    }

    @Test func aDownstreamHostGetsTheUpstreamDeviceInfo() throws {
        let wire = ScriptedLink()
        let bridge = BridgeLink(link: wire)
        var request = ByteBuffer()
        FrameEncoder.encode(CommandFrame(requestId: 5, command: .getInfo), to: &request)
        FrameEncoder.encode(CommandFrame(requestId: 6, command: .reset), to: &request)
        wire.incoming = request.bytes
        try bridge.serveCommands(info: DeviceSessionTests.info)
        var decoder = FrameDecoder()
        let answers = wire.sent.compactMap { decoder.push($0) }
        #expect(answers == [
            .device(.info(DeviceSessionTests.info)),
            .device(.reply(CommandReply(requestId: 6, command: .reset, result: .unsupported))),
        ])
    }

    /// `bridge --screen`: downstream, positions and movements are pixels and the panel is the screen.
    @Test func withAScreenTheBridgeSendsPixels() throws {
        let wire = ScriptedLink()
        let bridge = BridgeLink(link: wire)
        bridge.screen = ScreenMapping(
            ScreenSetting(size: ScreenSize(width: 1920, height: 1080), matrix: .rotation(degrees: 180)!),
            panel: PanelSize(width: 400, height: 200))
        let touch = TrackedTouch(
            trackingId: 3, slot: 0, phase: .began, position: PanelPoint(x: 100, y: 20),
            startPosition: PanelPoint(x: 100, y: 20), startTime: 0)
        var values = GestureValues()
        values.translation = PanelPoint(x: 40, y: 0)
        let pan = GestureEvent(
            recognizer: 4, kind: .pan, state: .changed, timestamp: 50_000, location: PanelPoint(x: 140, y: 20),
            touches: 1, values: values)
        bridge.send(.touch(touch, at: 0))
        bridge.send(.gesture(pan))
        var request = ByteBuffer()
        FrameEncoder.encode(CommandFrame(requestId: 1, command: .getInfo), to: &request)
        wire.incoming = request.bytes
        try bridge.serveCommands(info: DeviceSessionTests.info)
        var decoder = FrameDecoder()
        let frames = wire.sent.compactMap { decoder.push($0) }
        guard frames.count == 3, case .device(.touch(let record)) = frames[0], case .device(.gesture(let gesture)) = frames[1],
            case .device(.info(let info)) = frames[2]
        else {
            Issue.record("frames: \(frames)")
            return
        }
        #expect(record.touch.position == PanelPoint(x: 1440, y: 972))
        #expect(gesture.location == PanelPoint(x: 1248, y: 972))
        #expect(gesture.values.translation == PanelPoint(x: -192, y: 0))
        #expect(info.panelSize == PanelPoint(x: 1920, y: 1080))
    }
}
