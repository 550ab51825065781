import Foundation
import Testing

/// `touchhost monitor --mode gestures` on `touchhost emulate`: the controller recognizes, and the
/// monitor's JSON lines name the gestures as its own recognizers would.
@Suite(.serialized) struct ControllerGesturesEndToEndTests {
    @Test func theMonitorShowsTheControllersGesturesByName() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: "0ms tap 100 60\n600ms drag from 60 120 to 200 120 in 600ms\n")
        defer { emulator.stop() }
        let pty = emulator.address

        let monitor = try TouchHostBinary.run(
            binary, ["monitor", pty, "--json", "--mode", "gestures", "--recognizers", "tap,pan", "--until-idle", "1"],
            timeout: 20)
        #expect(monitor.status == 0, "monitor failed: \(monitor.error)")
        let gestures = monitor.lines.filter { $0.contains(#""type":"gesture""#) }
        #expect(gestures.contains { $0.contains(#""name":"tap""#) && $0.contains(#""state":"recognized""#) }, "\(monitor.lines)")
        #expect(gestures.contains { $0.contains(#""name":"pan""#) && $0.contains(#""state":"ended""#) }, "\(monitor.lines)")
        // Not chosen with --recognizers: the controller recognized a swipe in that drag, the monitor leaves it out.
        #expect(!gestures.contains { $0.contains(#""name":"swipe""#) })
        #expect(monitor.lines.contains { $0.contains(#""type":"touch""#) && $0.contains(#""phase":"began""#) })
    }
}
