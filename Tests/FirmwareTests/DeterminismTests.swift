import Boards
import Firmware
import Testing
import TouchCore

@Suite struct DeterminismTests {
    static func run(seed: UInt64) -> (contacts: [[ScanContact]], deltas: [Int16]) {
        var h = ControllerHarness(board: Boards.kiosk15, seed: seed)
        h.controller.configurePanel(driftScale: 5)
        var out: [[ScanContact]] = []
        h.down(1, PanelPoint(x: 40, y: 40))
        for i in 0..<60 {
            h.move(1, PanelPoint(x: 40 + Float(i) * 3.3, y: 40 + Float(i)))
            if i == 20 { h.down(2, PanelPoint(x: 200, y: 150)) }
            if i == 45 { h.up(2) }
            out.append(h.scan())
        }
        let grid = h.controller.deltas
        return (out, (0..<grid.nodeCount).map { grid[$0] })
    }

    @Test func theSameSeedGivesIdenticalOutput() {
        let a = Self.run(seed: 42)
        let b = Self.run(seed: 42)
        #expect(a.contacts == b.contacts)
        #expect(a.deltas == b.deltas)
    }

    @Test func anotherSeedGivesOtherNoise() {
        let a = Self.run(seed: 42)
        let b = Self.run(seed: 43)
        #expect(a.deltas != b.deltas)
        // ...but the same touches.
        #expect(a.contacts.map { $0.map(\.id) } == b.contacts.map { $0.map(\.id) })
    }
}
