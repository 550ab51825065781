import Glibc
import TouchCore

/// Wraps a link and writes every byte through it to a recording file as it passes, so a recording
/// is complete up to the moment the recorder stops, however it stops. `touchhost record` wraps a
/// link from its opening; the C API wraps a live one and takes it back (`detach`).
public final class RecordingLink: ByteLink {
    private let inner: any ByteLink
    private let file: OutputFile
    private let origin: Microseconds
    public private(set) var recordedBytes = 0
    /// The first write the file refused (a full disk), with its `errno`: nothing is written after it.
    public private(set) var failure: (message: String, systemError: Int32)?

    /// Starts a recording of `inner` at `path`. A link whose controller has already described
    /// itself passes that description (`describedAs`): it opens the recording as a chunk from the
    /// device at time 0, re-encoded from what the controller said, so the recording replays on
    /// its own (a replay drops reports until a description comes).
    public init(_ inner: any ByteLink, path: String, describedAs info: DeviceInfo? = nil) throws(HostFailure) {
        let file: OutputFile
        do throws(HostFailure) { file = try OutputFile(creating: path) } catch { throw error }
        self.inner = inner
        self.file = file
        origin = MonotonicClock.now()
        var opening = "\(Recording.header)\n# port \(inner.name)\n"
        if let info {
            var bytes = ByteBuffer()
            FrameEncoder.writeDelimiter(to: &bytes)
            FrameEncoder.encode(.info(info), to: &bytes)
            opening += "# the controller's description, as it gave it before the recording started\n"
            opening += Recording.line(for: Recording.Chunk(time: 0, direction: .fromDevice, bytes: bytes.bytes)) + "\n"
        }
        guard file.write(opening) else {
            let systemError = errno
            file.close()
            throw HostFailure("\(path): cannot write the recording (\(String(cString: strerror(systemError))))", systemError: systemError)
        }
    }

    /// The recording file's path.
    public var path: String { file.path }
    public var name: String { inner.name }
    public var pollDescriptor: Int32 { inner.pollDescriptor }
    public var baud: Int? { inner.baud }

    public func read(into buffer: inout [UInt8]) throws(LinkError) -> Int {
        let start = buffer.count
        let count = try inner.read(into: &buffer)
        if count > 0 { log(.fromDevice, Array(buffer[start...])) }
        return count
    }

    public func write(_ bytes: [UInt8]) throws(LinkError) {
        log(.toDevice, bytes)
        try inner.write(bytes)
    }

    public var queuedOutput: Int { inner.queuedOutput }
    public func flushOutput() throws(LinkError) { try inner.flushOutput() }

    public func close() {
        inner.close()
        file.close()
    }

    /// Ends the recording and hands back the link it wrapped, still open.
    public func detach() -> any ByteLink {
        file.close()
        return inner
    }

    private func log(_ direction: Recording.Direction, _ bytes: [UInt8]) {
        guard failure == nil else { return }
        let chunk = Recording.Chunk(time: MonotonicClock.now() - origin, direction: direction, bytes: bytes)
        guard file.write(Recording.line(for: chunk) + "\n") else {
            let systemError = errno
            failure = ("\(file.path): the recording stopped after \(recordedBytes) bytes (\(String(cString: strerror(systemError))))", systemError)
            file.close()
            return
        }
        recordedBytes += bytes.count
    }
}
