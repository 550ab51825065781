/// A legacy controller as the pipeline sees it: bytes in, tracker frames and resync notices out.
/// It is `LegacyDecoder` and `LegacyFrameAssembler` joined, for hosts that want one call per byte.
public struct LegacyContactSource: Sendable {
    public private(set) var decoder: LegacyDecoder
    public var assembler: LegacyFrameAssembler
    private var reportedSkips = 0
    private var pendingResync: StatusEvent?

    public init(protocol packetProtocol: LegacyProtocol, panelSize: PanelPoint,
                range: LegacyCoordinateRange? = nil, liftTimeout: Microseconds? = 250_000) {
        decoder = LegacyDecoder(protocol: packetProtocol)
        assembler = LegacyFrameAssembler(protocol: packetProtocol, panelSize: panelSize, range: range,
                                         liftTimeout: liftTimeout)
    }

    public var packetProtocol: LegacyProtocol { decoder.packetProtocol }
    public var stats: LegacyDecoderStats { decoder.stats }

    /// Adds one byte; returns the frame its packet completes, if that packet changes anything.
    public mutating func push(_ byte: UInt8, at time: Microseconds) -> ContactFrame? {
        guard let sample = decoder.push(byte, at: time) else { return nil }
        noteSkippedBytes(at: time)
        return assembler.frame(for: sample)
    }

    /// Lifts contacts that went quiet; call while no bytes arrive.
    public mutating func expireStaleContacts(at time: Microseconds) -> ContactFrame? {
        assembler.expireStaleContacts(at: time)
    }

    /// A `resync` status counting the bytes skipped before the latest good packet, once; nil when
    /// nothing was skipped since the last call. Reported when a packet decodes, so noise that is
    /// still being examined is not announced early.
    public mutating func takeStatus() -> StatusEvent? {
        defer { pendingResync = nil }
        return pendingResync
    }

    private mutating func noteSkippedBytes(at time: Microseconds) {
        let skipped = decoder.stats.skippedBytes &- reportedSkips
        guard skipped > 0 else { return }
        reportedSkips = decoder.stats.skippedBytes
        let earlier = Int(pendingResync?.count ?? 0)
        pendingResync = StatusEvent(kind: .resync, timestamp: time, count: UInt32(clamping: earlier &+ skipped))
    }
}
