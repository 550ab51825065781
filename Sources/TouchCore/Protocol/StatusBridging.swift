// Between the device's status messages and the host's status events, in both directions: the host
// reports what a device says, and a bridge forwards what its host saw.

extension StatusEvent {
    /// The host's event for a device status, or nil for statuses only the device's log cares about.
    public init?(_ status: DeviceStatus, at timestamp: Microseconds) {
        let kind: StatusKind
        switch status.kind {
        case .reset: kind = .deviceReset
        case .overflow: kind = .overflow
        case .recalibrated: kind = .recalibrated
        case .framesLost: kind = .framesLost
        case .badCommands: return nil
        case .resync: kind = .resync
        case .disconnected: kind = .disconnected
        case .reconnected: kind = .reconnected
        case .duplicateContact: kind = .duplicateContact
        case .reportTimeout: kind = .reportTimeout
        case .rejected: kind = .rejected
        case .palmBegan, .palmEnded:
            let position = PanelPoint(
                x: Float(Int(status.count & 0xFFFF)) / 10, y: Float(Int(status.count >> 16)) / 10)
            self.init(kind: status.kind == .palmBegan ? .palmBegan : .palmEnded, timestamp: timestamp, position: position)
            return
        }
        self.init(kind: kind, timestamp: timestamp, count: status.count)
    }
}

extension DeviceStatus {
    /// A host status event as a bridge sends it downstream; the timestamp keeps its low 32 bits,
    /// which wrap like a device's.
    public init(bridging event: StatusEvent) {
        let kind: DeviceStatusKind
        switch event.kind {
        case .framesLost: kind = .framesLost
        case .resync: kind = .resync
        case .deviceReset: kind = .reset
        case .disconnected: kind = .disconnected
        case .reconnected: kind = .reconnected
        case .overflow: kind = .overflow
        case .duplicateContact: kind = .duplicateContact
        case .reportTimeout: kind = .reportTimeout
        case .recalibrated: kind = .recalibrated
        case .rejected: kind = .rejected
        case .palmBegan, .palmEnded:
            let packed = UInt32(FingerStimulus.decimillimetres(event.position.x))
                | UInt32(FingerStimulus.decimillimetres(event.position.y)) << 16
            self.init(
                timestamp: UInt32(truncatingIfNeeded: event.timestamp), kind: event.kind == .palmBegan ? .palmBegan : .palmEnded,
                count: packed)
            return
        }
        self.init(timestamp: UInt32(truncatingIfNeeded: event.timestamp), kind: kind, count: event.count)
    }
}
