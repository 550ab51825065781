import TouchCore

/// The downstream side of `touchhost bridge`: recognized touches, gestures and statuses go out as
/// protocol frames on a second link, and a downstream host that asks for device info gets the
/// upstream device's, so it can hold the same handshake it would with a controller.
public final class BridgeLink {
    public let link: any ByteLink
    private var decoder = FrameDecoder()
    private var pending = ByteBuffer()
    private var buffer: [UInt8] = []

    /// With a screen (`bridge --screen`), the frames carry pixels where they carry millimetres.
    public var screen: ScreenMapping?

    public init(link: any ByteLink) { self.link = link }

    /// Queues one event's frame; `flush` sends what is queued.
    public func send(_ event: HostEvent) {
        switch event {
        case .touch(var touch, let time, _):
            if let screen {
                touch.position = Self.onScreen(Self.pixels(screen.point(touch.position)), screen)
                touch.startPosition = Self.onScreen(Self.pixels(screen.point(touch.startPosition)), screen)
            }
            FrameEncoder.encode(.touch(TouchEventRecord(timestamp: time, touch: touch)), to: &pending)
        case .gesture(var gesture, _):
            if let screen {
                gesture = Self.inPixels(gesture, on: screen)
                gesture.location = Self.onScreen(gesture.location, screen)
            }
            FrameEncoder.encode(.gesture(gesture), to: &pending)
        case .status(let status):
            FrameEncoder.encode(.status(DeviceStatus(bridging: status)), to: &pending)
        }
    }

    /// Queues the device's description as the downstream host sees it: the upstream device's,
    /// with the screen as its panel under `--screen`. Sent when the bridge starts (docs/protocol.md)
    /// and whenever the downstream host asks.
    public func announce(_ info: DeviceInfo) {
        var info = info
        if let screen {
            // The screen is the panel downstream: one unit a pixel (the field counts tenths).
            info.panelWidth = UInt16(clamping: screen.setting.size.width * 10)
            info.panelHeight = UInt16(clamping: screen.setting.size.height * 10)
        }
        // The bridge does not idle: its events flow as they happen. Without the idle fields the
        // info also keeps the layout an older downstream host reads.
        info.idle = nil
        info.supportedModes = ReportModeSet(rawValue: info.supportedModes.rawValue & ~ReportModeSet.idles.rawValue)
        FrameEncoder.encode(.info(info), to: &pending)
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
                announce(info)
            } else {
                let reply = CommandReply(requestId: command.requestId, command: command.command.frameType, result: .unsupported)
                FrameEncoder.encode(.reply(reply), to: &pending)
            }
        }
        try flush()
    }
}

extension BridgeLink {
    /// The widest screen a bridge can announce: the info frame counts the panel in 0.1 units in 16 bits.
    public static let maximumScreenSide = 6_553

    static func pixels(_ point: ScreenPoint) -> PanelPoint { PanelPoint(x: Float(point.x), y: Float(point.y)) }

    /// A touch's place on the screen, held to the screen the info frame announces: a calibration
    /// may map the panel's edge a little past the screen's, and downstream the screen is the panel.
    static func onScreen(_ point: PanelPoint, _ screen: ScreenMapping) -> PanelPoint {
        let size = screen.setting.size
        func held(_ value: Float, _ side: Int) -> Float {
            value.isFinite ? min(max(value, 0), Float(side)) : 0
        }
        return PanelPoint(x: held(point.x, size.width), y: held(point.y, size.height))
    }

    /// Positions and movements in pixels (pixels per second for pan velocity); sizes (a circle's
    /// radius, a backslash's length) stay in millimetres.
    static func inPixels(_ gesture: GestureEvent, on screen: ScreenMapping) -> GestureEvent {
        var moved = gesture
        moved.location = pixels(screen.point(gesture.location))
        moved.values.translation = pixels(screen.movement(gesture.values.translation))
        moved.values.velocity = pixels(screen.movement(gesture.values.velocity))
        moved.values.vertex = pixels(screen.point(gesture.values.vertex))
        moved.values.center = pixels(screen.point(gesture.values.center))
        return moved
    }
}
