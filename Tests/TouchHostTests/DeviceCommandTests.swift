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
        _ = session.dispatch(now: 0)
        _ = session.dispatch(now: 1)
        try #require(session.info != nil)
        return session
    }

    /// Sends `command` through the session's request and dispatches in virtual time until it is
    /// answered or given up; the reply, and the virtual time it took.
    private func perform(
        _ command: HostCommand, on session: DeviceSession, attempts: Int, wait: Microseconds
    ) -> (reply: CommandReply?, took: Microseconds) {
        var outcome: CommandReply?? = nil
        let start = session.hostTime
        var answeredAt = start
        session.request(command, attempts: attempts, wait: wait) {
            outcome = .some($0)
            answeredAt = session.hostTime
        }
        var now = start
        while outcome == nil, now < start + 10_000_000 {
            now = max(now + 1, session.dispatch(now: now) ?? now + 1_000)
        }
        return (outcome ?? nil, answeredAt - start)
    }

    @Test(arguments: [0, 1, 2])
    func aCommandIsSentAgainUnderANewIdUntilItIsAcknowledged(lostReplies: Int) throws {
        let link = AnsweringLink(lostReplies: lostReplies)
        let (answer, took) = perform(.setMode(.heatmap), on: try session(on: link), attempts: 3, wait: 40_000)
        let reply = try #require(answer)
        #expect(reply.isAccepted)
        #expect(took <= Microseconds(lostReplies + 1) * 40_000)
        let tries = link.commands.filter { $0.command == .setMode(.heatmap) }
        #expect(tries.count == lostReplies + 1)
        #expect(Set(tries.map(\.requestId)).count == tries.count, "request ids were reused: \(tries.map(\.requestId))")
        #expect(reply.requestId == tries.last?.requestId)
    }

    @Test func aDeviceThatNeverAnswersFailsTheCommand() throws {
        let link = AnsweringLink(lostReplies: 10)
        let session = try session(on: link)
        let first = perform(.recalibrate, on: session, attempts: 3, wait: 30_000)
        #expect(first.reply == nil)
        #expect(first.took == 90_000)
        #expect(perform(.recalibrate, on: session, attempts: 2, wait: 30_000).reply == nil)
        #expect(link.commands.filter { $0.command == .recalibrate }.count == 5)
        #expect(!session.hasEnded)
    }

    @Test func reconnectAttemptsBackOffFromAQuarterSecondToFourSeconds() {
        var backoff = ReconnectBackoff()
        let waits = (0..<7).map { _ in backoff.next() }
        #expect(waits == [250_000, 500_000, 1_000_000, 2_000_000, 4_000_000, 4_000_000, 4_000_000])
    }
}
