import Glibc

/// Where the emulator serves: a pseudo-terminal, standard input and output, or a TCP port that
/// takes one host at a time. A host that goes away is not an error: a UART does not notice either.
public final class EmulatorLinks: @unchecked Sendable {
    public enum Kind {
        case pty(PseudoTerminal)
        case stdio(FileDescriptorLink)
        case tcp(TCPLink.Listener)
    }

    public let kind: Kind
    private var client: FileDescriptorLink?
    /// Standard input reached its end: the host is gone for good.
    public private(set) var isClosed = false

    public init(_ kind: Kind) { self.kind = kind }

    /// What the emulator prints on its first line: `pty: /dev/pts/7`, `tcp: localhost:7000`, `stdio`.
    public var announcement: String {
        switch kind {
        case .pty(let pty): "pty: \(pty.path)"
        case .stdio: "stdio"
        case .tcp(let listener): "tcp: localhost:\(listener.port)"
        }
    }

    private var current: (any ByteLink)? {
        switch kind {
        case .pty(let pty): return pty.link
        case .stdio(let link): return link
        case .tcp(let listener):
            if client == nil { client = listener.accept() }
            return client
        }
    }

    /// Appends waiting bytes; false when there is no host.
    func read(into buffer: inout [UInt8]) -> Bool {
        guard let link = current else { return false }
        do {
            while try link.read(into: &buffer) > 0 {}
            return true
        } catch {
            dropClient()
            return false
        }
    }

    func write(_ bytes: [UInt8]) {
        guard let link = current else { return }
        do { try link.write(bytes) } catch { dropClient() }
    }

    func waitForInput(milliseconds: Int32) -> Bool {
        var entries: [pollfd] = []
        switch kind {
        case .pty(let pty): entries.append(pollfd(fd: pty.link.pollDescriptor, events: Int16(POLLIN), revents: 0))
        case .stdio(let link): entries.append(pollfd(fd: link.pollDescriptor, events: Int16(POLLIN), revents: 0))
        case .tcp(let listener):
            entries.append(pollfd(fd: client?.pollDescriptor ?? listener.descriptor, events: Int16(POLLIN), revents: 0))
        }
        return poll(&entries, nfds_t(entries.count), milliseconds) > 0
    }

    /// The one-shot `drop-link` fault: a TCP host is disconnected; a pty or stdio, which the
    /// emulator cannot take away from its host, stay as they are.
    func drop() {
        if case .tcp = kind { dropClient() }
    }

    private func dropClient() {
        switch kind {
        case .tcp:
            client?.close()
            client = nil
        case .stdio:
            isClosed = true
        case .pty:
            break
        }
    }
}
