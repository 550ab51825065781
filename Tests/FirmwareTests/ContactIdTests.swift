import Boards
import Firmware
import Testing
import TouchCore

@Suite struct ContactIdTests {
    @Test func aLiftedIdIsHandedOutAgainToTheNextTouch() {
        var h = ControllerHarness(board: Boards.kiosk15)
        h.down(1, PanelPoint(x: 50, y: 50))
        h.down(2, PanelPoint(x: 150, y: 50))
        h.down(3, PanelPoint(x: 250, y: 50))
        let landed = h.scans(3).last!
        #expect(landed.map(\.id) == [0, 1, 2])
        h.up(2)
        h.down(4, PanelPoint(x: 150, y: 150))
        let lift = h.scan()
        #expect(lift.filter { $0.state == .up }.map(\.id) == [1])
        let next = h.scans(2).flatMap { $0 }
        let newcomer = next.first { $0.state == .down }
        #expect(newcomer?.id == 1)
        #expect(newcomer.map { h.board.millimetresY(device: $0.y) }.map { abs($0 - 150) < 1 } == true)
    }

    @Test func aScanNeverShowsAnIdLiftingAndLandingAtOnce() {
        var h = ControllerHarness(board: Boards.kiosk15)
        h.down(1, PanelPoint(x: 50, y: 50))
        _ = h.scans(3)
        h.up(1)
        _ = h.scan()
        h.down(2, PanelPoint(x: 60, y: 50))
        for scan in h.scans(5) {
            let ids = scan.map(\.id)
            #expect(Set(ids).count == ids.count)
        }
    }

    @Test func rotatingBoardsHandOutTheNextIdInstead() {
        var h = ControllerHarness(board: Boards.kiosk22)
        #expect(h.board.idPolicy == .rotating)
        var ids: [UInt8] = []
        for finger in UInt8(1)...3 {
            h.down(finger, PanelPoint(x: 100, y: 100))
            ids += h.scans(3).flatMap { $0 }.filter { $0.state == .down }.map(\.id)
            h.up(finger)
            _ = h.scans(2)
        }
        #expect(ids == [0, 1, 2])
    }

    @Test func anUpIsReportedExactlyOnceAndThenTheContactIsGone() {
        var h = ControllerHarness(board: Boards.panel7)
        h.down(1, PanelPoint(x: 70, y: 40))
        _ = h.scans(3)
        h.up(1)
        let after = h.scans(5)
        #expect(after[0].map(\.state) == [.up])
        #expect(after.dropFirst().allSatisfy { $0.isEmpty })
    }

    @Test func fingersBeyondCapacityAreDroppedAndCountedEveryScan() {
        var h = ControllerHarness(board: Boards.panel7)
        for finger in 0..<6 {
            h.down(UInt8(finger), PanelPoint(x: 12 + Float(finger) * 25, y: 43))
        }
        var dropped: [Int] = []
        var last = ScanResult(timestamp: 0, sequence: 0)
        for _ in 0..<5 {
            h.time += h.period
            last = h.controller.scan(at: h.time)
            dropped.append(last.droppedContacts)
        }
        #expect(dropped == [0, 1, 1, 1, 1])
        #expect(last.contacts.count == h.board.maxContacts)
        #expect(Set(last.contacts.indices.map { last.contacts[$0].id }) == Set(0..<5))
    }
}
