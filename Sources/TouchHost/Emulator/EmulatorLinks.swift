import Glibc
import TouchCore

/// Where the emulator serves: a pseudo-terminal, standard input and output, or a TCP port that
/// takes one host at a time. A host that goes away is not an error: a UART does not notice either.
/// A second TCP host is refused: it reads `refusal`, one line, and the connection closes.
public final class EmulatorLinks: @unchecked Sendable {
    public enum Kind {
        case pty(PseudoTerminal)
        case stdio(FileDescriptorLink)
        case tcp(TCPLink.Listener)
    }

    public let kind: Kind
    private var client: FileDescriptorLink?
    /// Refused hosts, told why and shut for writing, kept until they close (or a few seconds pass)
    /// so the line is read before the connection goes: closing with their request unread would
    /// reset it, and the line could be lost.
    private var refused: [(link: FileDescriptorLink, until: Microseconds)] = []
    /// Standard input reached its end: the host is gone for good.
    public private(set) var isClosed = false

    public init(_ kind: Kind) { self.kind = kind }

    /// What the emulator prints on its first line: `pty: /dev/pts/7`, `tcp: 127.0.0.1:7000` (the
    /// address and port it really listens on), `stdio`.
    public var announcement: String {
        switch kind {
        case .pty(let pty): "pty: \(pty.path)"
        case .stdio: "stdio"
        case .tcp(let listener): "tcp: \(listener.endpoint)"
        }
    }

    /// What a second host reads before its connection closes.
    public static let refusal = "touchhost emulate: busy: another host is connected; try again once it disconnects\n"

    private var current: (any ByteLink)? {
        switch kind {
        case .pty(let pty): return pty.link
        case .stdio(let link): return link
        case .tcp(let listener):
            if client == nil { client = listener.accept() }
            refuseOthers(listener)
            return client
        }
    }

    /// Tells every further waiting host that the emulator is taken, and lets go of refused hosts
    /// that have read it.
    private func refuseOthers(_ listener: TCPLink.Listener) {
        let now = MonotonicClock.now()
        refused.removeAll { entry in
            var scratch: [UInt8] = []
            let gone = (try? entry.link.readAvailable(into: &scratch, limit: 4_096)) == nil
            if gone || now >= entry.until { entry.link.close() }
            return gone || now >= entry.until
        }
        while let extra = listener.accept() {
            try? extra.write(Array(Self.refusal.utf8))
            shutdown(extra.writeDescriptor, Int32(SHUT_WR))
            if refused.count < 16 {
                refused.append((extra, now + 3_000_000))
            } else {
                extra.close()
            }
        }
    }

    /// Appends waiting bytes; false when there is no host.
    func read(into buffer: inout [UInt8]) -> Bool {
        guard let link = current else { return false }
        do {
            try link.readAvailable(into: &buffer, limit: DeviceSession.maxBytesPerPump)
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

    /// Sends what the host's side could not take yet (`FileDescriptorLink.outputQueueLimit`).
    func flush() {
        guard let link = current as? FileDescriptorLink, link.hasQueuedOutput else { return }
        do { try link.flushQueued() } catch { dropClient() }
    }

    /// Waits at most `microseconds`, for a host's bytes while a millisecond or more is left: the
    /// emulator sleeps until its next scan is due, finer than `poll`'s milliseconds, so the last
    /// fraction is slept without watching the link (Glibc's module has no `ppoll`); bytes that
    /// come meanwhile wait less than a millisecond, as they did for the fixed tick.
    func waitForInput(microseconds: Microseconds) -> Bool {
        let milliseconds = Int32(clamping: microseconds / 1_000)
        guard milliseconds == 0 else { return waitForInput(milliseconds: milliseconds) }
        if microseconds > 0 {
            var pause = timespec(tv_sec: 0, tv_nsec: Int(microseconds) * 1_000)
            _ = nanosleep(&pause, nil)
        }
        return false
    }

    func waitForInput(milliseconds: Int32) -> Bool {
        var entries: [pollfd] = []
        switch kind {
        case .pty(let pty): entries.append(pollfd(fd: pty.link.pollDescriptor, events: Int16(POLLIN), revents: 0))
        case .stdio(let link): entries.append(pollfd(fd: link.pollDescriptor, events: Int16(POLLIN), revents: 0))
        case .tcp(let listener):
            if let client { entries.append(pollfd(fd: client.pollDescriptor, events: Int16(POLLIN), revents: 0)) }
            // A waiting host is served, or refused, at once.
            entries.append(pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0))
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
