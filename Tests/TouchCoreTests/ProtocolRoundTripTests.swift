import Testing
import TouchCore

@Suite struct ProtocolRoundTripTests {
    @Test(arguments: ProtocolSamples.deviceMessages)
    func everyDeviceMessageDecodesToWhatWasEncoded(_ message: DeviceMessage) {
        let result = ProtocolSamples.decode(ProtocolSamples.encoded(message))
        #expect(result.frames == [.device(message)])
        #expect(result.statistics.rejectedFrames == 0)
    }

    @Test(arguments: ProtocolSamples.commands)
    func everyCommandDecodesToWhatWasEncoded(_ command: CommandFrame) {
        let result = ProtocolSamples.decode(ProtocolSamples.encoded(command))
        #expect(result.frames == [.command(command)])
    }

    @Test func encodedFramesContainNoZeroBeforeTheDelimiter() {
        for message in ProtocolSamples.deviceMessages {
            let bytes = ProtocolSamples.encoded(message)
            #expect(bytes.last == 0)
            #expect(!bytes.dropLast().contains(0))
            #expect(bytes.count <= WireFormat.maxEncodedLength)
        }
    }

    @Test func theLargestMessagesFitTheMaximumPayload() {
        let fullHeatmap = FrameEncoder.frame(.heatmap(ProtocolSamples.heatmap(rows: 1, columns: 123)))
        #expect(fullHeatmap.count == WireFormat.maxFrameLength)
        let fullReport = FrameEncoder.frame(.contacts(ProtocolSamples.contactReport(contacts: 20)))
        #expect(fullReport.count == 4 + 6 + 20 * 5)
    }

    @Test func stimulusPositionsTravelInTenthsOfAMillimetre() {
        let sent = CommandFrame(
            requestId: 1, command: .stimulus(FingerStimulus(finger: 2, action: .move, position: PanelPoint(x: 12.34, y: -5))))
        let frames = ProtocolSamples.decode(ProtocolSamples.encoded(sent)).frames
        guard case .command(let received) = frames.first, case .stimulus(let stimulus) = received.command else {
            Issue.record("no stimulus decoded")
            return
        }
        #expect(stimulus.position == PanelPoint(x: 12.3, y: 0))
    }

    @Test func contactFieldsOutsideTheirBitsAreClamped() {
        var report = ContactReport(sequence: 1, timestamp: 2)
        report.contacts.append(WireContact(id: 40, state: .move, x: 5000, y: 4096, amplitude: 1))
        let frames = ProtocolSamples.decode(ProtocolSamples.encoded(.contacts(report))).frames
        guard case .device(.contacts(let received)) = frames.first else {
            Issue.record("no report decoded")
            return
        }
        #expect(received.contacts[0] == WireContact(id: 31, state: .move, x: 4095, y: 4095, amplitude: 1))
    }
}
