import Testing
import TouchCore

private let panel = PanelPoint(x: 200, y: 100)
private let square = LegacyCoordinateRange(minX: 0, maxX: 1000, minY: 0, maxY: 1000)

@Suite struct LegacyFrameAssemblerTests {
    private func sample(_ index: UInt8? = nil, touching: Bool = true, x: UInt16, y: UInt16,
                        at time: Microseconds) -> LegacySample {
        LegacySample(contactIndex: index, isTouching: touching, x: x, y: y, timestamp: time)
    }

    @Test(arguments: [LegacyProtocol.elo, .mtouch, .egalax])
    func singleTouchGivesFullFramesForContactZeroThatEndUp(kind: LegacyProtocol) throws {
        var assembler = LegacyFrameAssembler(protocol: kind, panelSize: panel, range: square)
        let frames = [sample(x: 250, y: 500, at: 0), sample(x: 500, y: 500, at: 10_000),
                      sample(touching: false, x: 0, y: 0, at: 20_000)].map { assembler.frame(for: $0) }
        let down = try #require(frames[0])
        let move = try #require(frames[1])
        let up = try #require(frames[2])
        for frame in [down, move, up] {
            #expect(frame.isFull && frame.contacts.count == 1 && frame.contacts[0].controllerId == 0)
        }
        #expect([down, move, up].map { $0.contacts[0].state } == [.down, .move, .up])
        #expect(down.contacts[0].position == PanelPoint(x: 50, y: 50))
        // The lift lands where the finger was, not at the untouch packet's coordinates.
        #expect(up.contacts[0].position == PanelPoint(x: 100, y: 50))
        #expect(up.timestamp == 20_000)
        let repeatedLift = assembler.frame(for: sample(touching: false, x: 0, y: 0, at: 30_000))
        #expect(repeatedLift == nil)
    }

    @Test func defaultRangesPutTheOriginTopLeftAndClampOvershoot() {
        var elo = LegacyFrameAssembler(protocol: .elo, panelSize: panel)
        let corner = elo.frame(for: sample(x: 0, y: 4095, at: 0))
        #expect(corner?.contacts[0].position == PanelPoint(x: 0, y: 100))

        // MicroTouch counts y upwards: raw y = 0 is the bottom edge.
        var mtouch = LegacyFrameAssembler(protocol: .mtouch, panelSize: panel)
        let bottomRight = mtouch.frame(for: sample(x: 0x3FFF, y: 0, at: 0))
        #expect(bottomRight?.contacts[0].position == PanelPoint(x: 200, y: 100))
    }

    @Test func flippedOverrideRangeMirrorsTheAxis() {
        let mirrored = LegacyCoordinateRange(minX: 1000, maxX: 0, minY: 0, maxY: 1000)
        var assembler = LegacyFrameAssembler(protocol: .egalax, panelSize: panel, range: mirrored)
        let frame = assembler.frame(for: sample(x: 250, y: 250, at: 0))
        #expect(frame?.contacts[0].position == PanelPoint(x: 150, y: 25))
    }

    @Test func penMountInterleavedContactsBecomePartialFramesUnderTheirIndex() throws {
        var assembler = LegacyFrameAssembler(protocol: .penmount6250, panelSize: panel, range: square)
        let stream = [
            sample(0, x: 100, y: 100, at: 0), sample(1, x: 900, y: 900, at: 4_000),
            sample(0, x: 110, y: 100, at: 8_000), sample(1, x: 890, y: 900, at: 12_000),
            sample(0, touching: false, x: 110, y: 100, at: 16_000),
            sample(1, touching: false, x: 890, y: 900, at: 20_000),
        ]
        let frames = stream.compactMap { assembler.frame(for: $0) }
        try #require(frames.count == 6)
        #expect(frames.allSatisfy { !$0.isFull && $0.contacts.count == 1 })
        #expect(frames.map { $0.contacts[0].controllerId } == [0, 1, 0, 1, 0, 1])
        #expect(frames.map { $0.contacts[0].state } == [.down, .down, .move, .move, .up, .up])
        #expect(frames[3].contacts[0].position == PanelPoint(x: 178, y: 90))
    }

    @Test func silentPenMountContactIsLiftedInTheNextPacketOfAnother() {
        var assembler = LegacyFrameAssembler(protocol: .penmount6250, panelSize: panel, range: square,
                                             liftTimeout: 100_000)
        _ = assembler.frame(for: sample(0, x: 100, y: 100, at: 0))
        _ = assembler.frame(for: sample(1, x: 500, y: 500, at: 50_000))
        let early = assembler.frame(for: sample(1, x: 510, y: 500, at: 100_000))
        #expect(early?.contacts.count == 1)
        let late = assembler.frame(for: sample(1, x: 520, y: 500, at: 100_001))
        #expect(late?.contacts.count == 2)
        #expect(late?.contacts[0] == ReportedContact(controllerId: 0, state: .up, position: PanelPoint(x: 20, y: 10)))
        #expect(late?.contacts[1].state == .move)
        #expect(!assembler.isTouching(0) && assembler.isTouching(1))
    }

    @Test(arguments: [LegacyProtocol.elo, .penmount6250])
    func expiringStaleContactsLiftsThemAfterTheTimeoutOnly(kind: LegacyProtocol) {
        var assembler = LegacyFrameAssembler(protocol: kind, panelSize: panel, range: square,
                                             liftTimeout: 100_000)
        _ = assembler.frame(for: sample(kind.isMultiTouch ? 3 : nil, x: 500, y: 500, at: 1_000))
        let tooEarly = assembler.expireStaleContacts(at: 101_000)
        #expect(tooEarly == nil)
        let lifted = assembler.expireStaleContacts(at: 101_001)
        #expect(lifted?.isFull == !kind.isMultiTouch)
        #expect(lifted?.contacts.count == 1)
        #expect(lifted?.contacts[0].state == .up)
        #expect(lifted?.contacts[0].controllerId == (kind.isMultiTouch ? 3 : 0))
        let again = assembler.expireStaleContacts(at: 500_000)
        #expect(again == nil)
    }

    @Test func withoutATimeoutOnlyUntouchPacketsLift() {
        var assembler = LegacyFrameAssembler(protocol: .penmount6250, panelSize: panel, range: square,
                                             liftTimeout: nil)
        _ = assembler.frame(for: sample(0, x: 500, y: 500, at: 0))
        let muchLater = assembler.expireStaleContacts(at: 10_000_000)
        #expect(muchLater == nil)
        #expect(assembler.isTouching(0))
    }

    @Test(arguments: LegacyProtocol.allCases)
    func decodedPacketsReachTheTrackerAsFrames(kind: LegacyProtocol) {
        var decoder = LegacyDecoder(protocol: kind)
        var assembler = LegacyFrameAssembler(protocol: kind, panelSize: panel, range: square)
        let bytes = LegacyPackets.touch(kind, x: 500, y: 250) + LegacyPackets.touch(kind, touching: false, x: 500, y: 250)
        let frames = decoder.samples(bytes, at: 5).compactMap { assembler.frame(for: $0) }
        #expect(frames.map { $0.contacts[0].state } == [.down, .up])
        #expect(frames.first?.contacts[0].position == PanelPoint(x: 100, y: 25))
    }
}
