import Boards
import Firmware
import Testing
import TouchCore

@Suite struct ThresholdTests {
    @Test(arguments: catalogBoards)
    func aOneScanSpikeNeverBecomesAContact(board: BoardDefinition) {
        var h = ControllerHarness(board: board)
        let node = h.nodeCentre(column: board.columns / 2, row: board.rows / 2)
        h.down(1, node)
        let during = h.scan()
        let spike = h.controller.deltas[board.columns / 2, board.rows / 2]
        h.up(1)
        let after = h.scans(5)
        #expect(during.isEmpty)
        #expect(after.allSatisfy { $0.isEmpty })
        // The spike itself was strong: it is the debounce, not the threshold, that kept it out.
        #expect(spike > h.controller.pipeline.settings.touchOnThreshold)
        #expect(abs(h.controller.deltas[board.columns / 2, board.rows / 2]) < h.controller.pipeline.settings.baselineGate)
    }

    @Test(arguments: catalogBoards)
    func aTouchIsReportedFromItsSecondScan(board: BoardDefinition) {
        var h = ControllerHarness(board: board)
        h.down(1, h.nodeCentre(column: 5, row: 5))
        let scans = h.scans(3)
        #expect(scans[0].isEmpty)
        #expect(scans[1].map(\.state) == [.down])
        #expect(scans[2].map(\.state) == [.move])
    }

    @Test(arguments: catalogBoards)
    func aLightTouchBetweenTheThresholdsDoesNotStartAContact(board: BoardDefinition) {
        var h = ControllerHarness(board: board)
        h.controller.configurePanel(fingerStrength: 0.2)
        h.down(1, h.nodeCentre(column: 6, row: 6))
        #expect(h.scans(10).allSatisfy { $0.isEmpty })
        #expect(h.controller.deltas[6, 6] > h.controller.pipeline.settings.touchOffThreshold)
    }

    @Test(arguments: catalogBoards)
    func aContactFadingBetweenTheThresholdsStaysDownUntilItDropsBelowTheLowerOne(board: BoardDefinition) {
        var h = ControllerHarness(board: board)
        h.down(1, h.nodeCentre(column: 6, row: 6))
        _ = h.scans(3)
        h.controller.configurePanel(fingerStrength: 0.2)
        let faded = h.scans(10)
        #expect(faded.allSatisfy { $0.map(\.state) == [.move] })
        h.controller.configurePanel(fingerStrength: 0.1)
        let gone = h.scans(3)
        #expect(gone[0].map(\.state) == [.up])
        #expect(gone[1].isEmpty && gone[2].isEmpty)
    }
}
