import Boards
import Firmware
import Testing
import TouchCore

@Suite struct FaultStageTests {
    /// Two fingers, one after the other at the same spot, each held a while.
    static func twoTouches(_ configure: (inout TouchController) -> Void) -> [[ScanContact]] {
        var h = ControllerHarness(board: Boards.kiosk22)
        configure(&h.controller)
        var scans: [[ScanContact]] = []
        h.down(1, PanelPoint(x: 100, y: 100))
        scans += h.scans(5)
        h.down(2, PanelPoint(x: 300, y: 100))
        scans += h.scans(5)
        h.up(1)
        scans += h.scans(1)
        h.down(3, PanelPoint(x: 200, y: 200))
        scans += h.scans(5)
        h.up(2)
        h.up(3)
        scans += h.scans(3)
        return scans
    }

    @Test func withoutFaultsEveryDownHasItsUp() {
        let all = Self.twoTouches { _ in }.flatMap { $0 }
        #expect(all.filter { $0.state == .down }.count == 3)
        #expect(all.filter { $0.state == .up }.count == 3)
    }

    @Test func lostLiftsLeaveContactsVanishingWithoutUp() {
        let scans = Self.twoTouches { $0.contactFaults.configure(seed: 1, lostLifts: 1000, idReuse: 0, duplicateContacts: 0) }
        let all = scans.flatMap { $0 }
        #expect(all.filter { $0.state == .down }.count == 3)
        #expect(all.allSatisfy { $0.state != .up })
        #expect(scans.last!.isEmpty)
    }

    @Test func idReuseGivesANewTouchTheIdOfOneThatNeverLifted() {
        let scans = Self.twoTouches { $0.contactFaults.configure(seed: 1, lostLifts: 0, idReuse: 1000, duplicateContacts: 0) }
        let downs = scans.flatMap { $0 }.filter { $0.state == .down }
        // Rotating ids: without the fault the third touch would get id 2.
        #expect(downs.map(\.id) == [0, 1, 0])
        // The first touch's up was swallowed; so was the second's, waiting for a touch to take its
        // id that never came; the third lifts normally under its borrowed id.
        let all: [ScanContact] = scans.flatMap { $0 }
        let ups: [UInt8] = all.filter { $0.state == .up }.map(\.id)
        #expect(ups == [0])
        for scan in scans { #expect(Set(scan.map(\.id)).count == scan.count) }
    }

    @Test func duplicateContactsRepeatAnIdWithinOneReport() {
        let scans = Self.twoTouches { $0.contactFaults.configure(seed: 1, lostLifts: 0, idReuse: 0, duplicateContacts: 1000) }
        for scan in scans where !scan.isEmpty {
            #expect(Set(scan.map(\.id)).count == scan.count - 1)
        }
    }

    @Test func noiseBurstsRaiseTheDeltasForAFewScans() {
        var quiet = ControllerHarness(board: Boards.panel7)
        var noisy = ControllerHarness(board: Boards.panel7)
        noisy.controller.noiseBursts.configure(seed: 3, rate: 1000)
        _ = quiet.scan()
        _ = noisy.scan()
        func spread(_ grid: CountGrid) -> Int { (0..<grid.nodeCount).map { abs(Int(grid[$0])) }.max()! }
        #expect(spread(noisy.controller.deltas) > 4 * spread(quiet.controller.deltas))
    }

    struct Collector: ByteSink {
        var bytes: [UInt8] = []
        mutating func write(_ byte: UInt8) { bytes.append(byte) }
    }

    static let payload: [UInt8] = (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 37) }

    static func send(byteLoss: UInt16, bitFlips: UInt16, seed: UInt64 = 1) -> [UInt8] {
        var sink = LinkFaultSink(base: Collector(), byteLoss: byteLoss, bitFlips: bitFlips, random: Xorshift32(seed: seed))
        for byte in payload { sink.write(byte) }
        return sink.base.bytes
    }

    @Test func byteLossDropsAboutTheConfiguredShareOfBytes() {
        #expect(Self.send(byteLoss: 0, bitFlips: 0) == Self.payload)
        #expect(Self.send(byteLoss: 1000, bitFlips: 0).isEmpty)
        let lossy = Self.send(byteLoss: 100, bitFlips: 0)
        #expect((1700...1900).contains(lossy.count))
        #expect(lossy == Self.send(byteLoss: 100, bitFlips: 0))
        #expect(lossy != Self.send(byteLoss: 100, bitFlips: 0, seed: 2))
    }

    @Test func bitFlipsChangeExactlyOneBitOfAffectedBytes() {
        let flipped = Self.send(byteLoss: 0, bitFlips: 1000)
        #expect(flipped.count == Self.payload.count)
        #expect(zip(flipped, Self.payload).allSatisfy { ($0 ^ $1).nonzeroBitCount == 1 })
    }
}
