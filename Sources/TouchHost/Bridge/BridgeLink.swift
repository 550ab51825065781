import TouchCore

/// The downstream side of `touchhost bridge`: recognized touches, gestures and statuses go out as
/// protocol frames on a second link, and a downstream host that asks for device info gets the
/// upstream device's, so it can hold the same handshake it would with a controller.
public final class BridgeLink {
    public let link: any ByteLink
    private var decoder = FrameDecoder()
    private var pending = ByteBuffer()
    private var buffer: [UInt8] = []

    public init(link: any ByteLink) { self.link = link }

    /// Queues one event's frame; `flush` sends what is queued.
    public func send(_ event: HostEvent) {
        switch event {
        case .touch(let touch, let time, _):
            FrameEncoder.encode(.touch(TouchEventRecord(timestamp: time, touch: touch)), to: &pending)
        case .gesture(let gesture, _):
            FrameEncoder.encode(.gesture(gesture), to: &pending)
        case .status(let status):
            FrameEncoder.encode(.status(DeviceStatus(bridging: status)), to: &pending)
        }
    }

    public func flush() throws(LinkError) {
        guard !pending.bytes.isEmpty else { return }
        try link.write(pending.bytes)
        pending.bytes.removeAll(keepingCapacity: true)
    }

    /// Answers the downstream host's commands: device info, and `unsupported` for the rest, which
    /// only the controller itself could carry out.
    public func serveCommands(info: DeviceInfo?) throws(LinkError) {
        buffer.removeAll(keepingCapacity: true)
        try link.readAvailable(into: &buffer, limit: DeviceSession.maxBytesPerPump)
        for byte in buffer {
            guard case .command(let command)? = decoder.push(byte) else { continue }
            if case .getInfo = command.command, let info {
                FrameEncoder.encode(.info(info), to: &pending)
            } else {
                let reply = CommandReply(requestId: command.requestId, command: command.command.frameType, result: .unsupported)
                FrameEncoder.encode(.reply(reply), to: &pending)
            }
        }
        try flush()
    }
}
