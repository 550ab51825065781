import Testing
import TouchCore

/// The device info's idle timing (docs/protocol.md, "Idle acquisition"): present only after the
/// name, exactly six bytes, and holding together, or the frame is malformed.
@Suite struct DeviceInfoIdleTests {
    static func decoded(_ info: DeviceInfo, extra: [UInt8] = []) -> (info: DeviceInfo?, malformed: Int) {
        var payload = FrameBuffer()
        info.write(to: &payload)
        let bytes = (0..<payload.count).map { payload[$0] } + extra
        let result = ProtocolSamples.decode(ProtocolDecoderTests.rawFrame(type: FrameType.info.rawValue, payload: bytes))
        let info = result.frames.compactMap { frame -> DeviceInfo? in
            if case .device(.info(let info)) = frame { info } else { nil }
        }.first
        return (info, result.statistics.rejected(.malformedPayload))
    }

    @Test func anInfoWithoutIdleTimingDecodesAsNotIdlingAndOneWithItRoundTrips() {
        #expect(Self.decoded(ProtocolSamples.info).info?.idle == nil)
        #expect(Self.decoded(ProtocolSamples.idlingInfo).info == ProtocolSamples.idlingInfo)
    }

    @Test(arguments: [
        IdleAcquisition(scanInterval: 0, reportInterval: 240, activeTimeout: 2_000),
        IdleAcquisition(scanInterval: 40, reportInterval: 20, activeTimeout: 2_000),
        IdleAcquisition(scanInterval: 40, reportInterval: 250, activeTimeout: 2_000),
        IdleAcquisition(scanInterval: 40, reportInterval: 60_040, activeTimeout: 2_000),
    ])
    func idleTimingThatDoesNotHoldTogetherIsMalformed(idle: IdleAcquisition) {
        var info = ProtocolSamples.idlingInfo
        info.idle = idle
        let result = Self.decoded(info)
        #expect(result.info == nil && result.malformed == 1)
    }

    @Test(arguments: [1, 2, 4, 7])
    func trailingBytesOfAnyOtherLengthAreMalformed(count: Int) {
        let result = Self.decoded(ProtocolSamples.info, extra: Array(repeating: 0x28, count: count))
        #expect(result.info == nil && result.malformed == 1)
    }
}
