import TouchCore

/// Wraps a link and writes every byte through it to a recording file as it passes, so a recording
/// is complete up to the moment the recorder stops, however it stops.
public final class RecordingLink: ByteLink {
    private let inner: any ByteLink
    private let file: OutputFile
    private let origin: Microseconds
    public private(set) var recordedBytes = 0

    public init(_ inner: any ByteLink, path: String) throws(HostFailure) {
        let file: OutputFile
        do { file = try OutputFile(creating: path) } catch { throw HostFailure("\(path): cannot create the recording") }
        self.inner = inner
        self.file = file
        origin = MonotonicClock.now()
        file.write("\(Recording.header)\n# port \(inner.name)\n")
    }

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

    public func close() {
        inner.close()
        file.close()
    }

    private func log(_ direction: Recording.Direction, _ bytes: [UInt8]) {
        recordedBytes += bytes.count
        let chunk = Recording.Chunk(time: MonotonicClock.now() - origin, direction: direction, bytes: bytes)
        file.write(Recording.line(for: chunk) + "\n")
    }
}
