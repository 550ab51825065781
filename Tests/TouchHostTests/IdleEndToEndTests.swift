import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Idle acquisition end to end, as a user runs it: `touchhost emulate` on a pseudo-terminal and
/// `touchhost monitor --json` reading it, which asks the controller to idle. The panel stays
/// untouched for 4 s (idling from 2 s on, a report every 240 ms), then a 60 ms tap: it arrives
/// whole and recognized, with no status line (no report timeout, no lost frames, no resync).
@Suite(.serialized) struct IdleEndToEndTests {
    @Test func aTapAfterSecondsOfIdlingArrivesWholeThroughTheEmulator() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: "4s tap 150 100\n", ["--board", "kiosk-15"])
        defer { emulator.stop() }
        // Real seconds on purpose: the monitor has to sit through the controller's idling. It stops
        // at 5 s, before the emulator ends its script (4.06 s + 1.5 s after the monitor's first byte).
        let monitor = try TouchHostBinary.run(binary, ["monitor", emulator.address, "--json", "--duration", "5"], timeout: 30)
        #expect(monitor.status == 0, "monitor failed: \(monitor.error)")
        let touches = monitor.lines.compactMap(TouchLine.init)
        #expect(touches.filter { $0.phase == "began" }.count == 1, "\(touches.map(\.summary))")
        #expect(touches.filter { $0.phase == "ended" }.count == 1, "\(touches.map(\.summary))")
        #expect(touches.allSatisfy { $0.position.distance(to: PanelPoint(x: 150, y: 100)) <= 1.5 }, "\(touches.map(\.summary))")
        #expect(monitor.lines.contains { $0.contains(#""type":"gesture""#) && $0.contains(#""name":"tap""#) }, "\(monitor.lines)")
        #expect(!monitor.lines.contains { $0.contains(#""type":"status""#) }, "\(monitor.lines)")
        // The touch began about 4 s into the stream (its clock starts at the controller's first report).
        let began = try #require(touches.first)
        #expect(began.time >= 3_500_000 && began.time <= 4_500_000, "\(began.summary)")
    }
}
