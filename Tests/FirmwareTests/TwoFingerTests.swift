import Boards
import Firmware
import Testing
import TouchCore

@Suite struct TwoFingerTests {
    static let separations: [(PanelPoint, String)] = [
        (PanelPoint(x: 15, y: 0), "side by side"),
        (PanelPoint(x: 0, y: 15), "one above the other"),
        (PanelPoint(x: 10.6, y: 10.6), "diagonal"),
    ]

    static let cases: [(BoardDefinition, PanelPoint, String)] =
        catalogBoards.flatMap { board in separations.map { (board, $0.0, $0.1) } }

    @Test(arguments: cases)
    func twoFingersFifteenMillimetresApartResolveAsTwoContacts(board: BoardDefinition, offset: PanelPoint, label: String) {
        var h = ControllerHarness(board: board)
        let first = PanelPoint(x: board.panelWidth * 0.4, y: board.panelHeight * 0.4)
        let second = first + offset
        h.down(1, first)
        h.down(2, second)
        let scans = h.scans(20).dropFirst(2)
        for contacts in scans {
            #expect(contacts.count == 2, "\(label)")
            let points = contacts.map { board.millimetres($0) }
            guard points.count == 2 else { continue }
            let a = points.min { $0.squaredDistance(to: first) < $1.squaredDistance(to: first) }!
            let b = points.min { $0.squaredDistance(to: second) < $1.squaredDistance(to: second) }!
            #expect(a.distance(to: first) < 1.5 && b.distance(to: second) < 1.5, "\(label): \(points)")
        }
    }
}
