import Glibc
import Testing
@testable import TouchHost

@Suite struct LinkTests {
    private func readAll(_ link: any ByteLink, count: Int) throws -> [UInt8] {
        var received: [UInt8] = []
        var waits = 0
        while received.count < count, waits < 100 {
            if link.waitForInput(milliseconds: 20) { _ = try link.read(into: &received) } else { waits += 1 }
        }
        return received
    }

    @Test func bytesCrossAPseudoTerminalUnchangedBothWays() throws {
        let pty = try PseudoTerminal()
        let host = try LinkOpener.open(pty.path)
        // Every byte value, including the ones a cooked terminal would translate or swallow.
        let all = (0...255).map { UInt8($0) }
        try pty.link.write(all)
        #expect(try readAll(host, count: all.count) == all)
        try host.write(all.reversed())
        #expect(try readAll(pty.link, count: all.count) == all.reversed())
    }

    @Test func aPortThatDoesNotExistNamesItselfAndTheCause() {
        #expect(throws: LinkError(port: "/dev/ttyNOPE9", cause: .missing)) { try LinkOpener.open("/dev/ttyNOPE9") }
        let message = LinkError(port: "/dev/ttyNOPE9", cause: .missing).description
        #expect(message == "/dev/ttyNOPE9: no such port")
    }

    @Test func aPortAnotherProgramHoldsIsBusy() throws {
        let pty = try PseudoTerminal()
        let first = try LinkOpener.open(pty.path)
        #expect(throws: LinkError(port: pty.path, cause: .busy)) { try LinkOpener.open(pty.path) }
        first.close()
        _ = try LinkOpener.open(pty.path)
    }

    /// A listener on a port the system picks asks for no address reuse: under gVisor (the CI's
    /// sandbox) two such sockets can be handed the same port, and hosts reach the wrong emulator.
    @Test func aListenerOnASystemPickedPortSharesItWithNobody() throws {
        func reusesAddress(_ listener: TCPLink.Listener) -> Int32 {
            var value: Int32 = -1
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(listener.descriptor, SOL_SOCKET, SO_REUSEADDR, &value, &length)
            return value
        }
        var picked: TCPLink.Listener? = try TCPLink.Listener(port: 0)
        let port = try #require(picked).port
        #expect(reusesAddress(try #require(picked)) == 0)
        picked = nil
        // A port named by number (here the one just let go) is taken again at once after a restart.
        #expect(reusesAddress(try TCPLink.Listener(port: port)) == 1)
    }

    @Test func tcpCarriesBytesFromListenerToClient() throws {
        let listener = try TCPLink.Listener(port: 0)  // the system picks a free port
        let client = try TCPLink.connect(host: "127.0.0.1", port: listener.port)
        var served: FileDescriptorLink?
        _ = RealTime.waitUntil(timeout: 5) {
            served = listener.accept()
            return served != nil
        }
        let server = try #require(served)
        try server.write([1, 2, 3, 0])
        #expect(try readAll(client, count: 4) == [1, 2, 3, 0])
        client.close()
        var sink: [UInt8] = []
        _ = server.waitForInput(milliseconds: 500)
        #expect(throws: LinkError.self) { _ = try server.read(into: &sink) }
    }

    @Test(arguments: [
        ("/dev/ttyUSB0", PortAddress.serial(path: "/dev/ttyUSB0", settings: SerialSettings())),
        ("tcp:localhost:7000", .tcp(host: "localhost", port: 7000)),
        ("tcp::7000", .tcp(host: "localhost", port: 7000)),
        ("tcp:[::1]:7000", .tcp(host: "::1", port: 7000)),
    ])
    func addressesParse(text: String, expected: PortAddress) throws {
        #expect(try PortAddress.parse(text) == expected)
    }

    @Test func serialOptionsFollowTheQuestionMark() throws {
        guard case .serial(let path, let settings) = try PortAddress.parse("/dev/ttyUSB0?baud=9600&flow=rtscts&parity=even")
        else {
            Issue.record("expected a serial address")
            return
        }
        #expect(path == "/dev/ttyUSB0")
        #expect(settings.baud == 9600 && settings.flow == .rtscts && settings.parity == .even)
    }

    @Test(arguments: ["/dev/x?baud=fast", "/dev/x?speed=1", "tcp:host", "tcp:host:0"])
    func badAddressesAreRefusedWithTheReason(text: String) {
        #expect(throws: LinkError.self) { try PortAddress.parse(text) }
    }
}
