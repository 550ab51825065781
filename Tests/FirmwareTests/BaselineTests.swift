import Boards
import Firmware
import Testing
import TouchCore

@Suite struct BaselineTests {
    @Test func driftIsCompensatedOverALongRunWithoutFingers() {
        var h = ControllerHarness(board: Boards.panel7, seed: 3)
        h.controller.configurePanel(driftScale: 20)
        var largestDrift: Float = 0
        var contacts = 0
        for _ in 0..<(60 * h.board.reportRate) {
            contacts += h.scan().count
            largestDrift = max(largestDrift, abs(h.controller.panel.drift))
        }
        #expect(contacts == 0)
        // The run really drifted further than a touch threshold...
        #expect(largestDrift > Float(h.controller.pipeline.settings.touchOnThreshold))
        // ...and the deltas stayed at noise level.
        let gate = h.controller.pipeline.settings.baselineGate
        let deltas = h.controller.deltas
        #expect((0..<deltas.nodeCount).allSatisfy { abs(deltas[$0]) < gate })
    }

    @Test func aHeldFingerIsNotAbsorbedIntoTheBaseline() {
        var h = ControllerHarness(board: Boards.panel7, seed: 4)
        h.controller.configurePanel(driftScale: 20)
        let spot = PanelPoint(x: 77, y: 43)
        h.down(1, spot)
        let start = h.scans(3).last![0]
        var states: [ContactState] = []
        var last = start
        for _ in 0..<(30 * h.board.reportRate) {
            let scan = h.scan()
            states += scan.map(\.state)
            last = scan.last ?? last
        }
        #expect(states.allSatisfy { $0 == .move })
        #expect(states.count == 30 * h.board.reportRate)
        let startAmplitude = Float(start.amplitude)
        #expect(abs(Float(last.amplitude) - startAmplitude) < 0.15 * startAmplitude)
        #expect(h.board.millimetres(last).distance(to: spot) < 0.5)
        h.up(1)
        let after = h.scans(20)
        #expect(after[0].map(\.state) == [.up])
        #expect(after.dropFirst().allSatisfy { $0.isEmpty })
    }

    @Test func aFingerPresentAtRecalibrationIsAbsorbedAndRecoversAfterItLifts() {
        var h = ControllerHarness(board: Boards.kiosk15)
        h.down(1, PanelPoint(x: 100, y: 100))
        _ = h.scans(3)
        h.controller.recalibrate()
        let absorbed = h.scans(4)
        #expect(absorbed[0].map(\.state) == [.up])
        #expect(absorbed.dropFirst().allSatisfy { $0.isEmpty })
        h.up(1)
        _ = h.scans(h.board.reportRate / 2)
        h.down(2, PanelPoint(x: 100, y: 100))
        let again = h.scans(3)
        #expect(again[1].map(\.state) == [.down])
    }
}
