import Testing
import TouchCore

@Suite struct ProtocolTimeAndUnitsTests {
    @Test func timestampsKeepCountingAcrossTheWrap() {
        var clock = TimestampUnwrapper()
        #expect(clock.unwrap(UInt32.max - 8_000) == Int64(UInt32.max) - 8_000)
        #expect(clock.unwrap(8_332) == Int64(UInt32.max) + 8_333)
        #expect(clock.unwrap(16_665) == Int64(UInt32.max) + 16_666)
    }

    @Test func afterAResetTheClockStartsOverFromTheNewTimestamp() {
        var clock = TimestampUnwrapper()
        _ = clock.unwrap(1_000_000)
        clock.reset()
        #expect(clock.unwrap(500) == 500)
    }

    @Test(arguments: [(UInt16(10), UInt16(11), 0), (10, 14, 3), (65535, 0, 0), (65534, 2, 3)])
    func sequenceGapsCountLostReportsAcrossTheWrap(previous: UInt16, current: UInt16, lost: Int) {
        #expect(SequenceGap.lost(after: previous, at: current) == lost)
    }

    @Test func deviceCornersAreThePanelCorners() {
        let info = ProtocolSamples.info
        #expect(info.millimetres(x: 0, y: 0) == .zero)
        #expect(info.millimetres(x: info.maxX, y: info.maxY) == PanelPoint(x: 345, y: 194))
    }

    @Test(arguments: [PanelPoint(x: 120, y: 80), PanelPoint(x: 0.5, y: 193.7), PanelPoint(x: 344.9, y: 0)])
    func deviceCoordinatesRoundTripWithinOneDeviceUnit(_ point: PanelPoint) {
        let info = ProtocolSamples.info
        let device = info.deviceCoordinates(of: point)
        let back = info.millimetres(x: device.x, y: device.y)
        // One device unit is 345 / 4095 mm across and 194 / 2303 mm down.
        #expect(abs(back.x - point.x) <= 345 / 4095 / 2 + 1e-3)
        #expect(abs(back.y - point.y) <= 194 / 2303 / 2 + 1e-3)
    }

    @Test func pointsOffThePanelClampToItsEdges() {
        let info = ProtocolSamples.info
        #expect(info.deviceCoordinates(of: PanelPoint(x: -5, y: 500)) == (0, info.maxY))
    }

    @Test func aContactReportBecomesAFullContactFrameInMillimetres() {
        var report = ContactReport(sequence: 77, timestamp: 5)
        report.contacts.append(WireContact(id: 3, state: .down, x: 4095, y: 0, amplitude: 90))
        let frame = report.contactFrame(on: ProtocolSamples.info, at: 1_234)
        #expect(frame.timestamp == 1_234 && frame.sequence == 77 && frame.isFull)
        #expect(frame.contacts.count == 1)
        #expect(frame.contacts[0] == ReportedContact(controllerId: 3, state: .down, position: PanelPoint(x: 345, y: 0), amplitude: 90))
    }

    @Test func tenContactsAt120HzFitA115200BaudLinkWithRoomToSpare() {
        let wireBytes = ProtocolSamples.encoded(.contacts(ProtocolSamples.contactReport(contacts: 10))).count
        let bitsPerSecond = wireBytes * 120 * 10
        #expect(wireBytes == 62)
        #expect(bitsPerSecond * 3 < 115_200 * 2)
    }
}
