import Foundation
import Glibc
import Testing
import TouchCore
import TouchHost

/// `touchhost emulate --link tcp:PORT`: it listens on the loopback interface unless `--listen`
/// says otherwise, says where it really listens, and serves one host at a time: a second is
/// told so in one line and let go, not left hanging.
@Suite(.serialized) struct EmulatorTCPLinkTests {
    /// The emulator on a port the system chooses; its announcement and the port.
    private func emulator(script: String? = nil, _ extra: [String] = []) throws -> (EmulatedController, announcement: String, port: UInt16) {
        let emulator = try EmulatedController(script: script, ["--link", "tcp:0"] + extra)
        guard let port = emulator.port, port > 0 else { throw TouchHostBinary.Failure(description: "the emulator printed '\(emulator.announcement)'") }
        return (emulator, emulator.announcement, port)
    }

    /// Local addresses (hex, as /proc/net/tcp writes them) listening on `port`.
    private func listeningAddresses(port: UInt16) -> [String] {
        var found: [String] = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 3, fields[3] == "0A" else { continue }  // 0A: LISTEN
                let local = fields[1].split(separator: ":")
                if local.count == 2, UInt16(local[1], radix: 16) == port { found.append(String(local[0])) }
            }
        }
        return found
    }

    /// A plain TCP client on 127.0.0.1.
    private func connect(port: UInt16) throws -> FileDescriptorLink {
        try TCPLink.connect(host: "127.0.0.1", port: port)
    }

    /// Everything a link says until it closes, within `timeout` seconds; nil when it stays open.
    private func readUntilClosed(_ link: FileDescriptorLink, timeout: TimeInterval) -> String? {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            _ = link.waitForInput(milliseconds: 50)
            do { _ = try link.read(into: &bytes) } catch { return String(decoding: bytes, as: UTF8.self) }
        }
        return nil
    }

    @Test func itListensOnLoopbackAndSaysWhere() throws {
        let (emulator, announcement, port) = try emulator()
        defer { emulator.stop() }
        #expect(announcement == "tcp: 127.0.0.1:\(port)")
        #expect(listeningAddresses(port: port) == ["0100007F"], "\(listeningAddresses(port: port))")
    }

    @Test func listenChoosesTheAddress() throws {
        let (emulator, announcement, port) = try emulator(["--listen", "0.0.0.0"])
        defer { emulator.stop() }
        #expect(announcement == "tcp: 0.0.0.0:\(port)")
        #expect(listeningAddresses(port: port) == ["00000000"], "\(listeningAddresses(port: port))")
    }

    @Test func listenIsRefusedWithoutATCPLink() throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["emulate", "--listen", "0.0.0.0"], timeout: 10)
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains("--listen goes with --link tcp:PORT"), "\(result.error)")
    }

    @Test func aSecondHostIsToldInOneLineAndLetGo() throws {
        let (emulator, _, port) = try emulator()
        defer { emulator.stop() }
        let first = try connect(port: port)
        defer { first.close() }
        usleep(100_000)
        let second = try connect(port: port)
        defer { second.close() }
        let said = try #require(readUntilClosed(second, timeout: 5), "the second host was left hanging")
        #expect(said == EmulatorLinks.refusal, "\(said)")
        // The first host is still served: it gets the device's info when it asks.
        var request = ByteBuffer()
        FrameEncoder.writeDelimiter(to: &request)
        FrameEncoder.encode(CommandFrame(requestId: 1, command: .getInfo), to: &request)
        try first.write(request.bytes)
        var decoder = FrameDecoder()
        var gotInfo = false
        let deadline = Date().addingTimeInterval(5)
        while !gotInfo, Date() < deadline {
            _ = first.waitForInput(milliseconds: 50)
            var bytes: [UInt8] = []
            _ = try? first.read(into: &bytes)
            for byte in bytes { if case .device(.info)? = decoder.push(byte) { gotInfo = true } }
        }
        #expect(gotInfo)
    }

    /// A monitor that finds the emulator taken says so, in the emulator's words.
    @Test func aSecondMonitorSaysTheEmulatorIsBusy() throws {
        let binary = try TouchHostBinary.locate()
        let (emulator, _, port) = try emulator()
        defer { emulator.stop() }
        let first = try TouchHostBinary.start(binary, ["monitor", "tcp:127.0.0.1:\(port)", "--json", "--duration", "10"])
        defer { first.stop() }
        usleep(1_000_000)
        let second = try TouchHostBinary.run(binary, ["monitor", "tcp:127.0.0.1:\(port)", "--json"], timeout: 15)
        #expect(second.status == 1)
        #expect(second.error == "touchhost: tcp:127.0.0.1:\(port): closed the connection, saying: "
            + EmulatorLinks.refusal, "\(second.error)")
    }

    /// The JSON `disconnected` status names the port and the cause.
    @Test func jsonDisconnectedCarriesThePortAndTheCause() throws {
        let binary = try TouchHostBinary.locate()
        let (emulator, _, port) = try emulator(script: "0ms hold 100 100 for 1500ms\n", ["--faults", "drop-link"])
        defer { emulator.stop() }
        let monitor = try TouchHostBinary.run(binary, ["monitor", "tcp:127.0.0.1:\(port)", "--json", "--until-idle", "1"], timeout: 30)
        #expect(monitor.status == 0, "\(monitor.error)")
        let line = try #require(monitor.lines.first { $0.contains(#""event":"disconnected""#) }, "\(monitor.lines)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["port"] as? String == "tcp:127.0.0.1:\(port)", "\(line)")
        #expect(object["cause"] as? String == "the device went away", "\(line)")
        #expect(line.hasSuffix(#""cause":"the device went away"}"#), "\(line)")
    }
}
