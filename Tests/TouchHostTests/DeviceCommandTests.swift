import Testing
import TouchCore
@testable import TouchHost

/// A link whose far end answers commands like a controller, losing the first `lostReplies` replies.
final class AnsweringLink: ByteLink {
    let name = "answering-link"
    var pollDescriptor: Int32 { -1 }
    var lostReplies: Int
    private(set) var commands: [CommandFrame] = []
    private var incoming: [UInt8] = []
    private var decoder = FrameDecoder()

    init(lostReplies: Int) { self.lostReplies = lostReplies }

    func read(into buffer: inout [UInt8]) throws(LinkError) -> Int {
        defer { incoming.removeAll() }
        buffer += incoming
        return incoming.count
    }

    func write(_ bytes: [UInt8]) throws(LinkError) {
        for byte in bytes {
            guard case .command(let frame)? = decoder.push(byte) else { continue }
            commands.append(frame)
            var reply = ByteBuffer()
            if frame.command == .getInfo {
                FrameEncoder.encode(.info(DeviceSessionTests.info), to: &reply)
            } else if lostReplies > 0 {
                lostReplies -= 1
            } else {
                FrameEncoder.encode(
                    .reply(CommandReply(requestId: frame.requestId, command: frame.command.frameType, result: .accepted)),
                    to: &reply)
            }
            incoming += reply.bytes
        }
    }

    func close() {}
}

@Suite struct DeviceCommandTests {
    private func session(on link: AnsweringLink) throws -> DeviceSession {
        let session = DeviceSession(link: link, sink: { _ in }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        try session.handshake(attempts: 1, waitMilliseconds: 50)
        return session
    }

    @Test(arguments: [0, 1, 2])
    func aCommandIsSentAgainUnderANewIdUntilItIsAcknowledged(lostReplies: Int) throws {
        let link = AnsweringLink(lostReplies: lostReplies)
        let reply = try session(on: link).perform(.setMode(.heatmap), attempts: 3, waitMilliseconds: 40)
        #expect(reply.isAccepted)
        let tries = link.commands.filter { $0.command == .setMode(.heatmap) }
        #expect(tries.count == lostReplies + 1)
        #expect(Set(tries.map(\.requestId)).count == tries.count, "request ids were reused: \(tries.map(\.requestId))")
        #expect(reply.requestId == tries.last?.requestId)
    }

    @Test func aDeviceThatNeverAnswersFailsTheCommandNamingThePort() throws {
        let link = AnsweringLink(lostReplies: 10)
        let session = try session(on: link)
        #expect(throws: LinkError.self) { try session.perform(.recalibrate, attempts: 3, waitMilliseconds: 30) }
        do {
            _ = try session.perform(.recalibrate, attempts: 2, waitMilliseconds: 30)
        } catch {
            #expect("\(error)".hasPrefix("answering-link: no reply"), "\(error)")
        }
        #expect(link.commands.filter { $0.command == .recalibrate }.count == 5)
    }

    @Test func reconnectAttemptsBackOffFromAQuarterSecondToFourSeconds() {
        var backoff = ReconnectBackoff()
        let waits = (0..<7).map { _ in backoff.next() }
        #expect(waits == [250_000, 500_000, 1_000_000, 2_000_000, 4_000_000, 4_000_000, 4_000_000])
    }
}
