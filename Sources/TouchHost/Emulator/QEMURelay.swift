import Synchronization
import Glibc
import TouchCore

/// Serves the firmware running under QEMU on a pseudo-terminal of its own, so a host reads it
/// exactly as it reads the host emulator, while the script's finger actions travel over the same
/// UART as `stimulus` commands (docs/hil.md).
///
/// QEMU's UART0 pty belongs to the relay; the host gets a second pty. Bytes are copied both ways.
/// Host bytes are forwarded up to their last frame delimiter only, so an injected command never
/// lands inside one of the host's frames. Injected commands use request ids the host's session
/// does not await (`injectedRequestIds`); their replies pass through and the session ignores them,
/// as it ignores any reply it is not waiting for.
///
/// The script runs on the device's clock (`RelayDeviceClock`): each action is sent once that clock
/// is within one report period of the action's time, so the next scan sees it.
public final class QEMURelay: @unchecked Sendable {
    /// Request ids of injected stimuli, cycled: a session numbers its own commands from 1 upward
    /// and a monitor sends only a handful.
    public static let injectedRequestIds: ClosedRange<UInt8> = 0xC0...0xFE
    /// Starts the script at once instead of when the host first speaks.
    public var startsImmediately = false
    private let host: PseudoTerminal
    private let device: FileDescriptorLink
    private var stimuli: StimulusFeed
    private let scriptEnd: Microseconds?
    private let reportPeriod: Microseconds
    private var nextId = injectedRequestIds.lowerBound
    private var decoder = FrameDecoder()
    /// The host's commands as they pass, read for `setMode`.
    private var hostCommands = FrameDecoder()
    private var deviceClock = RelayDeviceClock()
    /// Device times the injected stimuli were due at, by request id, until their replies come back.
    private var pending: [UInt8: Microseconds] = [:]
    /// How late, on the device clock, the latest stimulus reached the firmware: its reply comes back
    /// after the scan before it was received. Within a report period or two normally; more means
    /// QEMU's UART input stalled (a busy host), and the firmware saw the script distorted.
    public private(set) var worstLateness: Microseconds = 0
    private var probeId: UInt8?
    private var probeAnswered = false
    private var faultsId: UInt8?
    /// The firmware's answer to the faults `waitUntilLive(faults:)` injected; nil until it came.
    public private(set) var faultsResult: ReplyResult?
    private let stopped = Atomic(false)

    /// - Parameters:
    ///   - devicePath: QEMU's UART0 pseudo-terminal.
    ///   - stimuli: played from the moment the host first sends a byte.
    ///   - scriptEnd: the relay returns this long plus `EmulatorHost.idleAfterScript` after the start; nil serves until stopped.
    ///   - reportRate: the image's report rate, for the lead an action needs to reach the next scan.
    public init(devicePath: String, stimuli: StimulusFeed, scriptEnd: Microseconds?, reportRate: Int) throws(LinkError) {
        host = try PseudoTerminal()
        device = try FileDescriptorLink.open(path: devicePath, name: "QEMU UART0 \(devicePath)")
        self.stimuli = stimuli
        self.scriptEnd = scriptEnd
        reportPeriod = 1_000_000 / Microseconds(max(reportRate, 1))
    }

    /// Waits until the firmware answers over the UART. QEMU notices that its pty was opened only on
    /// a timer (about once a second) and reads nothing from it until then, so a host's first
    /// request, and the script's first actions, would wait up to a second in the pty.
    ///
    /// With `faults`, they are injected first (`injectFaults`, as `emulate --faults` does on the host
    /// emulator) and the wait lasts until the firmware answered them too (`faultsResult`), before any
    /// host is served: the panel is faulty from the script's start on both targets.
    public func waitUntilLive(faults: FaultSettings? = nil, timeout: Double = 20) throws(LinkError) {
        let deadline = MonotonicClock.now() + Microseconds(timeout * 1_000_000)
        var sentAt: Microseconds?
        var received: [UInt8] = []
        while !probeAnswered || (faults != nil && faultsResult == nil) {
            let now = MonotonicClock.now()
            guard now < deadline else { throw LinkError(port: device.name, cause: .timedOut) }
            if sentAt.map({ now - $0 > 300_000 }) ?? true {
                var probe = ByteBuffer()
                // Sent again with every probe until answered: a restarted burst schedule costs nothing before the script.
                if let faults, faultsResult == nil {
                    let id = takeId()
                    faultsId = id
                    FrameEncoder.encode(CommandFrame(requestId: id, command: .injectFaults(faults)), to: &probe)
                }
                let id = takeId()
                probeId = id
                FrameEncoder.encode(CommandFrame(requestId: id, command: .getInfo), to: &probe)
                try device.write(probe.bytes)
                sentAt = now
            }
            received.removeAll(keepingCapacity: true)
            try device.readAvailable(into: &received, limit: DeviceSession.maxBytesPerPump)
            watchClock(received)
            var entry = pollfd(fd: device.pollDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 10)
        }
    }

    /// The host's side: `pty: /dev/pts/N`.
    public var announcement: String { "pty: \(host.path)" }

    public func stop() { stopped.store(true, ordering: .releasing) }
    private var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Relays until the script has ended plus `EmulatorHost.idleAfterScript` on the device clock,
    /// or until `stop()`. Throws when QEMU's UART goes away (QEMU exited).
    public func run() throws(LinkError) {
        var scriptStart: Microseconds? = startsImmediately ? 0 : nil
        var fromHost: [UInt8] = []
        var fromDevice: [UInt8] = []
        while !isStopped {
            fromDevice.removeAll(keepingCapacity: true)
            try device.readAvailable(into: &fromDevice, limit: DeviceSession.maxBytesPerPump)
            if !fromDevice.isEmpty {
                watchClock(fromDevice)
                try? host.link.write(fromDevice)
            }
            let now = deviceClock.now(at: MonotonicClock.now())
            // A host that closes its side is not an error: a UART does not notice either.
            if (try? host.link.read(into: &fromHost)) ?? 0 > 0, scriptStart == nil { scriptStart = now }
            if let boundary = fromHost.lastIndex(of: WireFormat.delimiter) {
                watchMode(fromHost[...boundary])
                try device.write(Array(fromHost[...boundary]))
                fromHost.removeSubrange(...boundary)
            } else if fromHost.count > DeviceSession.maxBytesPerPump {
                // No frame is this long: what a host sends without a delimiter is noise.
                fromHost.removeAll(keepingCapacity: true)
            }
            if let start = scriptStart {
                var commands = ByteBuffer()
                while let due = stimuli.upcoming, start + due.time <= now + reportPeriod {
                    let id = takeId()
                    pending[id] = start + due.time
                    FrameEncoder.encode(CommandFrame(requestId: id, command: .stimulus(due.stimulus)), to: &commands)
                    stimuli.advance()
                }
                // After the host's complete frames and before its partial one, which waits.
                if !commands.bytes.isEmpty { try device.write(commands.bytes) }
                if let end = scriptEnd, stimuli.upcoming == nil, now >= start + end + EmulatorHost.idleAfterScript { return }
            }
            try? host.link.flushQueued()
            var entries = [pollfd(fd: host.link.pollDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: device.pollDescriptor, events: Int16(POLLIN), revents: 0)]
            _ = poll(&entries, 2, EmulatorHost.tickMilliseconds)
        }
    }

    private func watchClock(_ bytes: [UInt8]) {
        for byte in bytes {
            guard case .device(let message) = decoder.push(byte) else { continue }
            switch message {
            case .contacts(let report): deviceClock.heard(report: report.timestamp, at: MonotonicClock.now())
            case .heatmap(let slice): deviceClock.heard(report: slice.timestamp, at: MonotonicClock.now())
            // Gestures mode's records instead of reports, stamped with the same clock in full.
            case .touch(let record): deviceClock.heard(record.timestamp, at: MonotonicClock.now())
            case .gesture(let event): deviceClock.heard(event.timestamp, at: MonotonicClock.now())
            case .reply(let reply):
                if reply.requestId == probeId { probeAnswered = true }
                if reply.requestId == faultsId, faultsResult == nil { faultsResult = reply.result }
                if let due = pending.removeValue(forKey: reply.requestId) {
                    worstLateness = max(worstLateness, deviceClock.lastHeard - due)
                }
            default: break
            }
        }
    }

    private func watchMode(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes {
            guard case .command(let frame) = hostCommands.push(byte), case .setMode(let mode) = frame.command else { continue }
            deviceClock.reportsEveryScan = mode != .gestures
        }
    }

    private func takeId() -> UInt8 {
        defer { nextId = nextId == Self.injectedRequestIds.upperBound ? Self.injectedRequestIds.lowerBound : nextId + 1 }
        return nextId
    }
}

