import Boards
import Firmware
import Testing
import TouchCore

@Suite struct LinkFaultTests {
    @Test func faultRatesAboveOneThousandPerMilleAreRefused() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.advance(by: 0)
        let id = link.send(.injectFaults(FaultSettings(seed: 1, byteLoss: 1001)))
        let replies = link.advance(by: 1).compactMap(\.reply)
        #expect(replies == [CommandReply(requestId: id, command: .injectFaults, result: .invalidArgument)])
    }

    @Test func byteFaultsCorruptFramesTheHostMustResyncPast() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.advance(by: 0)
        _ = link.send(.injectFaults(FaultSettings(seed: 5, byteLoss: 5, bitFlips: 5)))
        link.controller.apply(FingerStimulus(finger: 1, action: .down, position: PanelPoint(x: 100, y: 100)))
        let messages = link.advance(by: 5_000_000)
        let reports = messages.compactMap(\.report).count
        #expect(reports > 400 && reports < 600)
        #expect(link.decoder.statistics.rejectedFrames > 5)
    }

    @Test func aResetFaultResetsTheControllerOnce() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.advance(by: 0)
        _ = link.send(.injectFaults(FaultSettings(seed: 5, resetController: true)))
        let first = link.advance(by: 100_000).compactMap(\.status)
        #expect(first.map(\.kind) == [.reset])
        #expect(link.advance(by: 100_000).compactMap(\.status).isEmpty)
    }

    @Test func aLinkDropFaultIsHandedToTheEmulatorOnce() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.send(.injectFaults(FaultSettings(seed: 5, dropLink: true)))
        let first = link.controller.takeLinkDropRequest()
        let second = link.controller.takeLinkDropRequest()
        #expect(first && !second)
    }

    @Test func contactFaultsReachTheWire() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.send(.injectFaults(FaultSettings(seed: 5, lostLifts: 1000)))
        link.controller.apply(FingerStimulus(finger: 1, action: .down, position: PanelPoint(x: 100, y: 100)))
        _ = link.advance(by: 100_000)
        link.controller.apply(FingerStimulus(finger: 1, action: .up, position: .zero))
        let reports = link.advance(by: 100_000).compactMap(\.report)
        let states = reports.flatMap { r in r.contacts.indices.map { r.contacts[$0].state } }
        #expect(!states.contains(.up))
        #expect(reports.last?.contacts.isEmpty == true)
    }

    @Test func theSameSeedGivesTheSameBytes() {
        func run() -> [UInt8] {
            var controller = TouchController(board: Boards.panel7, seed: 8)
            _ = controller.inject(FaultSettings(seed: 3, byteLoss: 20, bitFlips: 20, noiseBursts: 50, lostLifts: 100, idReuse: 100, duplicateContacts: 50))
            controller.mode = .both
            var out = ByteCollector()
            for step in 0..<50 {
                let finger = UInt8(step % 3)
                controller.apply(FingerStimulus(finger: finger, action: step % 7 == 0 ? .up : .move, position: PanelPoint(x: Float(10 + step * 2), y: 40)))
                controller.advance(to: Microseconds(step) * 20_000, output: &out)
            }
            return out.bytes
        }
        let a = run()
        #expect(a.count > 1000)
        #expect(a == run())
    }
}
