import Testing
import TouchCore

@Suite struct LegacyContactSourceTests {
    @Test(arguments: LegacyProtocol.allCases)
    func noiseIsAnnouncedOnceAsAResyncWhenTheNextPacketDecodes(kind: LegacyProtocol) {
        var source = LegacyContactSource(protocol: kind, panelSize: PanelPoint(x: 100, y: 100))
        let noise: [UInt8] = [0x00, 0x13, 0x22]
        var frames: [ContactFrame] = []
        for byte in noise {
            if let frame = source.push(byte, at: 10) { frames.append(frame) }
        }
        let beforeAnyPacket = source.takeStatus()
        #expect(beforeAnyPacket == nil)

        for byte in LegacyPackets.touch(kind, x: 2000, y: 500) {
            if let frame = source.push(byte, at: 20) { frames.append(frame) }
        }
        #expect(frames.count == 1)
        #expect(frames.first?.contacts[0].state == .down)
        let resync = source.takeStatus()
        #expect(resync == StatusEvent(kind: .resync, timestamp: 20, count: 3))
        let again = source.takeStatus()
        #expect(again == nil)
    }
}
