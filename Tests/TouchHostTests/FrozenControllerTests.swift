import Boards
import Firmware
import Testing
import TouchCore
@testable import TouchHost

/// A controller that freezes with a finger held: nobody knows what the finger did next, so its
/// touch and the long press it was making come out `cancelled`, never `ended` (contracts.md
/// section 6). In virtual time: the emulated controller's firmware plays the held finger and
/// answers the host through a scripted link, then stops (as SIGSTOP stopped the emulator when this
/// was a test of real seconds); the `DeviceSession` the monitor and the C API both run goes on
/// being dispatched. The end-to-end paths (`monitor` on a pty, the C API's dispatch) run that
/// very session (MonitorResilienceTests, CAPIDeviceTests).
@Suite struct FrozenControllerTests {
    /// Held long enough that the long press begins, and still held when the controller freezes.
    static let script = "0ms hold 150 100 for 6s\n"
    static let freezeAt: Microseconds = 1_500_000

    @Test func theTouchAndTheLongPressOfAFrozenControllerAreCancelledNotEnded() throws {
        let board = BoardCatalog.defaultBoard
        var controller = GestureController(board: board, seed: 3)
        let link = ScriptedLink()
        var events: [HostEvent] = []
        let session = DeviceSession(link: link, sink: { events.append($0) }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        var stimuli = Array(try TouchScriptParser.parse(Self.script).stimuli(panel: board.panelSize, rate: board.reportRate))[...]
        var now: Microseconds = 0
        while now <= 4_000_000 {
            if now < Self.freezeAt {
                for byte in link.sent { controller.receive(byte) }
                link.sent.removeAll()
                while let next = stimuli.first, next.time <= now {
                    controller.apply(next.stimulus)
                    stimuli.removeFirst()
                }
                var output = ByteBuffer()
                controller.advance(to: now, output: &output)
                link.incoming += output.bytes
            }
            _ = session.dispatch(now: now)
            now += 5_000
        }
        session.finish(now: now)
        let touches = events.compactMap { if case .touch(let touch, _, _) = $0 { touch.phase } else { nil } }
        let longPress = events.compactMap { event -> GestureActionState? in
            guard case .gesture(let gesture, _) = event, gesture.kind == .longPress else { return nil }
            return gesture.state
        }
        #expect(touches.filter { $0 == .began }.count == 1, "\(touches)")
        #expect(touches.filter { $0 == .cancelled }.count == 1, "\(touches)")
        #expect(!touches.contains(.ended), "\(touches)")
        #expect(longPress.contains(.began), "\(longPress)")
        #expect(longPress.contains(.cancelled), "\(longPress)")
        #expect(!longPress.contains(.ended), "\(longPress)")
        #expect(events.contains { if case .status(let s) = $0 { s.kind == .reportTimeout } else { false } })
    }
}
