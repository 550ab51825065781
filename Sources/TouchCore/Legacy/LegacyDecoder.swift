/// Turns a byte stream in one legacy protocol into touch samples, one byte at a time, resyncing
/// after noise: bytes that cannot belong to a packet are dropped one by one and counted, and a
/// packet with a bad checksum gives up only its first byte, since a real packet may start inside.
public struct LegacyDecoder: Sendable {
    public let packetProtocol: LegacyProtocol
    public private(set) var stats = LegacyDecoderStats()
    private var pending = LegacyPacketBytes()

    public init(protocol packetProtocol: LegacyProtocol) {
        self.packetProtocol = packetProtocol
    }

    /// Adds one byte received at `time`; returns the sample of the touch packet it completes.
    public mutating func push(_ byte: UInt8, at time: Microseconds) -> LegacySample? {
        if !pending.append(byte) {
            // Unreachable while formats keep their maximum length below capacity; stay safe anyway.
            stats.skippedBytes &+= pending.count
            pending.removeAll()
            pending.append(byte)
        }
        while !pending.isEmpty {
            switch packetProtocol.inspect(pending) {
            case .needMore:
                if pending.count < LegacyPacketBytes.capacity { return nil }
                drop(1)
            case .notAPacket:
                drop(1)
            case .badChecksum:
                stats.badChecksums &+= 1
                drop(1)
            case .other(let length):
                stats.otherPackets &+= 1
                pending.removeFirst(length)
            case .contact(let length, var sample):
                stats.samples &+= 1
                pending.removeFirst(length)
                sample.timestamp = time
                return sample
            }
        }
        return nil
    }

    /// Adds bytes that arrived together, handing each completed sample to `body` in order.
    public mutating func push<Bytes: Sequence>(contentsOf bytes: Bytes, at time: Microseconds,
                                               _ body: (LegacySample) -> Void)
    where Bytes.Element == UInt8 {
        for byte in bytes {
            if let sample = push(byte, at: time) { body(sample) }
        }
    }

    /// Forgets a partial packet, as after a reconnect; the bytes count as skipped.
    public mutating func reset() {
        stats.skippedBytes &+= pending.count
        pending.removeAll()
    }

    private mutating func drop(_ n: Int) {
        stats.skippedBytes &+= n
        pending.removeFirst(n)
    }
}

/// Counters a monitor shows and the pipeline turns into `resync` status events. They wrap rather
/// than trap, since a kiosk on a 32-bit controller may run for longer than an Int32 of packets.
public struct LegacyDecoderStats: Equatable, Sendable {
    /// Touch packets decoded.
    public var samples = 0
    /// Valid packets that carry no touch (command replies).
    public var otherPackets = 0
    /// Bytes that belonged to no valid packet.
    public var skippedBytes = 0
    /// Complete candidate packets whose checksum failed.
    public var badChecksums = 0

    public init() {}
}
