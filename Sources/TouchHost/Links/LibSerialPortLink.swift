import CSerialPort
import Glibc

/// A real serial port through libserialport: sp_get_port_by_name, sp_open, sp_set_* for the line
/// settings, sp_nonblocking_read/sp_nonblocking_write, and sp_get_port_handle for poll.
public final class LibSerialPortLink: ByteLink {
    public let name: String
    private var port: OpaquePointer?
    private let handle: Int32
    public let baud: Int?
    private var output = OutgoingQueue()

    private init(name: String, port: OpaquePointer, handle: Int32, baud: Int) {
        self.name = name
        self.baud = baud
        self.port = port
        self.handle = handle
    }

    deinit { close() }

    /// Opens `path` with libserialport, or returns nil when libserialport will not take the device
    /// (0.1.1 refuses pseudo-terminals), so the caller can fall back to a plain descriptor.
    static func open(path: String, settings: SerialSettings, name: String) -> LibSerialPortLink? {
        var port: OpaquePointer?
        guard sp_get_port_by_name(path, &port) == SP_OK, let port else { return nil }
        guard sp_open(port, SP_MODE_READ_WRITE) == SP_OK else {
            sp_free_port(port)
            return nil
        }
        let configured =
            sp_set_baudrate(port, Int32(settings.baud)) == SP_OK
            && sp_set_bits(port, Int32(settings.bits)) == SP_OK
            && sp_set_parity(port, settings.parity.libserialport) == SP_OK
            && sp_set_stopbits(port, Int32(settings.stopBits)) == SP_OK
            && sp_set_flowcontrol(port, settings.flow.libserialport) == SP_OK
        var handle: Int32 = -1
        guard configured, sp_get_port_handle(port, &handle) == SP_OK, handle >= 0 else {
            sp_close(port)
            sp_free_port(port)
            return nil
        }
        // Cooked flags libserialport leaves go too; what arrived while the port was cooked is dropped.
        do throws(LinkError) {
            try Terminal.makeRaw(keepingLineOf: handle, name: name)
        } catch {
            sp_close(port)
            sp_free_port(port)
            return nil
        }
        tcflush(handle, TCIFLUSH)
        return LibSerialPortLink(name: name, port: port, handle: handle, baud: settings.baud)
    }

    public var pollDescriptor: Int32 { handle }

    public func read(into buffer: inout [UInt8]) throws(LinkError) -> Int {
        guard let port else { throw LinkError(port: name, cause: .disconnected) }
        let waiting = sp_input_waiting(port)
        guard waiting.rawValue >= 0 else { throw lastError() }
        // A port that polls readable with nothing waiting has hung up (a USB adapter pulled out).
        if waiting.rawValue == 0 {
            var entry = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                throw LinkError(port: name, cause: .disconnected)
            }
            return 0
        }
        var chunk = [UInt8](repeating: 0, count: Int(waiting.rawValue))
        let count = chunk.withUnsafeMutableBytes { sp_nonblocking_read(port, $0.baseAddress, $0.count) }
        guard count.rawValue >= 0 else { throw lastError() }
        buffer.append(contentsOf: chunk[0..<Int(count.rawValue)])
        return Int(count.rawValue)
    }

    public func write(_ bytes: [UInt8]) throws(LinkError) {
        try output.write(bytes, port: name, through: writeSome)
    }

    public var queuedOutput: Int { output.count }

    public func flushOutput() throws(LinkError) { try output.flush(through: writeSome) }

    /// One non-blocking write of `bytes[offset...]`: the count taken, nil when the port's buffer is full.
    private func writeSome(_ bytes: [UInt8], _ offset: Int) throws(LinkError) -> Int? {
        guard let port else { throw LinkError(port: name, cause: .disconnected) }
        let count = bytes.withUnsafeBytes { sp_nonblocking_write(port, $0.baseAddress! + offset, bytes.count - offset) }
        guard count.rawValue >= 0 else { throw lastError() }
        return count.rawValue == 0 ? nil : Int(count.rawValue)
    }

    public func close() {
        guard let port else { return }
        sp_close(port)
        sp_free_port(port)
        self.port = nil
    }

    private func lastError() -> LinkError { LinkError(port: name, errno: sp_last_error_code()) }
}

extension SerialSettings.Parity {
    var libserialport: sp_parity {
        switch self {
        case .none: SP_PARITY_NONE
        case .odd: SP_PARITY_ODD
        case .even: SP_PARITY_EVEN
        }
    }
}

extension SerialSettings.FlowControl {
    var libserialport: sp_flowcontrol {
        switch self {
        case .none: SP_FLOWCONTROL_NONE
        case .rtscts: SP_FLOWCONTROL_RTSCTS
        case .xonxoff: SP_FLOWCONTROL_XONXOFF
        case .dtrdsr: SP_FLOWCONTROL_DTRDSR
        }
    }
}
