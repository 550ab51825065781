import Boards
import Firmware
import Testing
import TouchCore

@Suite struct ScheduleTests {
    @Test(arguments: catalogBoards)
    func advanceRunsEveryDueScanAtTheReportRate(board: BoardDefinition) {
        var controller = TouchController(board: board, seed: 1)
        var times: [Microseconds] = []
        controller.advance(to: 1_000_000) { times.append($0.timestamp) }
        #expect(times.count == board.reportRate + 1)
        #expect(times.first == 0 && times.last == 1_000_000)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        let period = Microseconds(1_000_000 / board.reportRate)
        #expect(gaps.allSatisfy { $0 == period || $0 == period + 1 })
        #expect(controller.nextScanTime > 1_000_000)
    }

    @Test func advancingInSmallStepsGivesTheSameScansAsOneBigStep() {
        var a = TouchController(board: Boards.kiosk15, seed: 9)
        var b = TouchController(board: Boards.kiosk15, seed: 9)
        var scansA: [(Microseconds, UInt32)] = []
        var scansB: [(Microseconds, UInt32)] = []
        a.advance(to: 500_000) { scansA.append(($0.timestamp, $0.sequence)) }
        var t: Microseconds = 0
        while t < 500_000 {
            t += 1_000
            b.advance(to: t) { scansB.append(($0.timestamp, $0.sequence)) }
        }
        #expect(scansA.map(\.0) == scansB.map(\.0))
        #expect(scansA.map(\.1) == Array(0..<UInt32(scansA.count)))
    }

    @Test func theReportRateCanBeChangedWithinLimits() {
        var controller = TouchController(board: Boards.kiosk15, seed: 1)
        let tooSlow = controller.setReportRate(5)
        let tooFast = controller.setReportRate(1000)
        #expect(!tooSlow && !tooFast)
        #expect(controller.reportRate == 120)
        let accepted = controller.setReportRate(50)
        #expect(accepted)
        var count = 0
        controller.advance(to: 1_000_000) { _ in count += 1 }
        #expect(count == 51)
    }

    @Test func resetRestartsTheSequenceAndForgetsContacts() {
        var controller = TouchController(board: Boards.kiosk15, seed: 1)
        controller.apply(FingerStimulus(finger: 1, action: .down, position: PanelPoint(x: 100, y: 100)))
        var last = ScanResult(timestamp: 0, sequence: 0)
        controller.advance(to: 100_000) { last = $0 }
        #expect(last.sequence == 12 && last.contacts.count == 1)
        controller.setReportRate(60)
        controller.reset()
        #expect(controller.reportRate == 120)
        var afterReset: [ScanResult] = []
        controller.advance(to: 200_000) { afterReset.append($0) }
        #expect(afterReset.first?.sequence == 0)
        // The finger still on the panel went into the new baseline: no contact, and no lift either.
        #expect(afterReset.allSatisfy { $0.contacts.isEmpty })
    }
}
