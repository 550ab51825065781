import Glibc
import TouchCore
import TouchHost

/// A context's device: a controller on a link (serial port, pseudo-terminal, TCP) or a recording
/// replayed in virtual time. Bytes go through TouchCore's frame decoder; reports go to the
/// context's touch stack in device time; between reports, recognizer timers run on the host's
/// monotonic clock counted from the last report.
final class DeviceSource {
    private enum Input {
        case link(any ByteLink)
        case replay(items: [ReplayItem], next: Int)
    }

    private var input: Input
    let name: String
    private var decoder = FrameDecoder()
    private var clock = DeviceClock()
    private(set) var info: DeviceInfo?
    private var nextRequest: UInt8 = 1
    private var started = false
    private(set) var ended = false
    private var buffer: [UInt8] = []
    private var lastDeviceTime: Microseconds = 0
    private var lastArrival: Microseconds = 0
    private var sawReport = false
    private let panelGiven: Bool
    private let rateGiven: Bool

    private init(_ input: Input, name: String, options: ContextOptions) {
        self.input = input
        self.name = name
        panelGiven = options.panelGiven
        rateGiven = options.reportRateGiven
    }

    /// The device's time now: the last report's time plus the host time since it arrived.
    var currentTime: Microseconds {
        guard case .link = input, sawReport else { return lastDeviceTime }
        return lastDeviceTime + max(Self.monotonic() - lastArrival, 0)
    }

    /// True while dispatch has work without new input: a replay with items left, or a link not
    /// yet started (its first dispatch asks the device to describe itself). The context's
    /// descriptor stays readable meanwhile.
    var hasMoreWork: Bool {
        switch input {
        case .replay: return !ended
        case .link: return !started
        }
    }

    static func monotonic() -> Microseconds {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Microseconds(now.tv_sec) * 1_000_000 + Microseconds(now.tv_nsec) / 1000
    }

    // MARK: Opening

    static func openContext(_ text: String, options: ContextOptions) throws(CallError) -> Context {
        if text.hasPrefix("replay:") {
            return try openReplay(String(text.dropFirst("replay:".count)), options: options)
        }
        if text.hasPrefix("emulate:") {
            throw CallError(
                .notSupported,
                "in-process emulation is not in this build: run `touchhost emulate --board NAME` and open the pty it prints")
        }
        let link: any ByteLink
        do {
            link = try LinkOpener.open(text, baud: options.baud)
        } catch {
            let code: ErrorCode
            switch error.cause {
            case .missing: code = .notFound
            case .disconnected: code = .disconnected
            case .other(let why) where why.hasPrefix("expected") || why.hasPrefix("bad value") || why.hasPrefix("unknown option")
                || why.hasPrefix("option") || why.hasPrefix("empty"):
                code = .invalidArgument
            default: code = .io
            }
            throw CallError(code, error.description)
        }
        let tracker = TrackerConfiguration(reportRateHz: options.reportRate)
        let source = DeviceSource(.link(link), name: text, options: options)
        let context: Context
        do {
            context = try Context(options: options, source: .device(source), tracker: tracker)
        } catch {
            link.close()
            throw error
        }
        context.wake.watch(link.pollDescriptor)
        return context
    }

    /// `replay:FILE[?format=script|evemu|unistroke&desc=FILE&size=WxH&px-mm=N]`, the options of
    /// `touchhost replay`.
    private static func openReplay(_ text: String, options: ContextOptions) throws(CallError) -> Context {
        var path = text
        var format = ReplayFormat.auto
        var importing = ImportOptions()
        if let mark = text.lastIndex(of: "?") {
            path = String(text[..<mark])
            for option in text[text.index(after: mark)...].split(separator: "&") {
                let pair = option.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { throw CallError(.invalidArgument, "replay option '\(option)' has no value") }
                switch pair[0] {
                case "format":
                    guard let chosen = ReplayFormat(rawValue: pair[1]) else {
                        throw CallError(.invalidArgument, "unknown replay format '\(pair[1])' (auto, script, evemu, unistroke)")
                    }
                    format = chosen
                case "desc":
                    importing.description = pair[1]
                case "size":
                    let parts = pair[1].split(separator: "x").compactMap { Float(String($0)) }
                    guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                        throw CallError(.invalidArgument, "size '\(pair[1])' is not WxH in mm")
                    }
                    importing.size = PanelSize(width: parts[0], height: parts[1])
                case "px-mm":
                    guard let value = Float(pair[1]), value > 0 else { throw CallError(.invalidArgument, "px-mm '\(pair[1])' is not a positive number") }
                    importing.millimetresPerPixel = value
                default:
                    throw CallError(.invalidArgument, "unknown replay option '\(pair[0])' (format, desc, size, px-mm)")
                }
            }
        }
        guard !path.isEmpty else { throw CallError(.invalidArgument, "replay: needs a file name") }
        guard access(path, R_OK) == 0 else {
            let why = String(cString: strerror(errno))
            throw CallError(errno == ENOENT ? .notFound : .io, "\(path): \(why)")
        }
        let loaded: ReplaySource
        do {
            loaded = try ReplaySource.load(path: path, format: format, options: importing)
        } catch {
            throw CallError(.format, error.message)
        }
        var options = options
        if !options.panelGiven {
            options.panelWidth = loaded.panel.width
            options.panelHeight = loaded.panel.height
        }
        if !options.reportRateGiven { options.reportRate = loaded.reportRate }
        let source = DeviceSource(.replay(items: loaded.items, next: 0), name: path, options: options)
        return try Context(
            options: options, source: .device(source), tracker: TrackerConfiguration(reportRateHz: options.reportRate))
    }

    // MARK: Dispatch

    func dispatch(_ context: Context) throws(CallError) {
        guard !ended else { throw CallError(.disconnected, "\(name): the source has ended") }
        switch input {
        case .link(let link): try dispatchLink(link, context)
        case .replay: try dispatchReplay(context)
        }
    }

    private func dispatchLink(_ link: any ByteLink, _ context: Context) throws(CallError) {
        context.wake.clearTimer()
        if !started {
            started = true
            // A delimiter first drops whatever partial frame the device may hold from before.
            try send(.getInfo, leadingDelimiter: true)
        }
        // Bounded so a device that never stops talking cannot starve the application.
        for _ in 0..<64 {
            buffer.removeAll(keepingCapacity: true)
            let count: Int
            do {
                count = try link.read(into: &buffer)
            } catch {
                disconnect(link, context, because: error.description)
                throw CallError(.disconnected, error.description)
            }
            if count == 0 { break }
            for byte in buffer {
                if let frame = decoder.push(byte) { handle(frame, context) }
            }
        }
        runTimers(context)
    }

    private func runTimers(_ context: Context) {
        let now = currentTime
        if let deadline = context.stack.nextDeadline, deadline <= now {
            context.now = max(context.now, now)
            context.run { stack, out in stack.advance(to: now, into: &out) }
        }
        if let deadline = context.stack.nextDeadline {
            context.wake.setTimer(afterMicroseconds: deadline - now)
        } else {
            context.wake.setTimer(afterMicroseconds: nil)
        }
    }

    private func disconnect(_ link: any ByteLink, _ context: Context, because reason: String) {
        ended = true
        context.wake.unwatch(link.pollDescriptor)
        context.wake.setTimer(afterMicroseconds: nil)
        link.close()
        let at = currentTime
        context.log(.error, reason)
        context.enqueue(.status(StatusEvent(kind: .disconnected, timestamp: at)))
        context.run { stack, out in stack.cancelAll(at: at, into: &out) }
    }

    private func handle(_ frame: DecodedFrame, _ context: Context) {
        guard case .device(let message) = frame else { return }
        if decoder.skippedBeforeLastFrame > 0 {
            context.enqueue(.status(StatusEvent(
                kind: .resync, timestamp: currentTime, count: UInt32(clamping: decoder.skippedBeforeLastFrame))))
        }
        switch message {
        case .info(let described):
            adopt(described, context)
        case .contacts(let report):
            guard let info else {
                context.log(.debug, "\(name): report before the device described itself; dropped")
                return
            }
            let time = deviceTime(report.timestamp, context)
            lastDeviceTime = time
            lastArrival = Self.monotonic()
            sawReport = true
            context.now = max(context.now, time)
            let contacts = report.contactFrame(on: info, at: time)
            context.run { stack, out in stack.consume(contacts, into: &out) }
        case .status(let status):
            let time = deviceTime(status.timestamp, context)
            if status.kind == .reset {
                // A restarted controller has forgotten its contacts and its clock.
                clock.restart()
                context.run { stack, out in stack.cancelAll(at: time, into: &out) }
            }
            if let event = StatusEvent(status, at: time) { context.enqueue(.status(event)) }
        case .reply(let reply):
            context.log(.debug, "\(name): reply \(reply.result) to request \(reply.requestId)")
        case .heatmap, .gesture, .touch:
            break
        }
    }

    /// A device timestamp on the context's clock. A timer fired on the host's clock may already
    /// have run past a report that was late to arrive; the report then counts as happening at
    /// that time, so events stay in order.
    private func deviceTime(_ raw: UInt32, _ context: Context) -> Microseconds {
        max(clock.time(for: raw), context.now)
    }

    /// The device described itself: its panel size and report rate apply unless the application
    /// chose its own, while no touch is live.
    private func adopt(_ described: DeviceInfo, _ context: Context) {
        let first = info == nil
        info = described
        context.log(.info, "\(name): \(boardName(described)), \(described.panelSize.x) x \(described.panelSize.y) mm, \(described.reportRate) Hz")
        guard first, context.stack.tracker.liveTouchCount == 0 else { return }
        let size = described.panelSize
        if !panelGiven, size.x > 0, size.y > 0 {
            context.stack.recognizers = context.stack.recognizers.resized(panelWidth: size.x, panelHeight: size.y)
        }
        if !rateGiven, described.reportRate > 0 {
            context.stack.tracker = SlotTracker(configuration: TrackerConfiguration(reportRateHz: Int(described.reportRate)))
        }
    }

    /// Up to 512 reports per call, so a long recording does not hold the application up; the call
    /// that reaches the end settles the timers and reports the end as a disconnect.
    private func dispatchReplay(_ context: Context) throws(CallError) {
        guard case .replay(let items, var next) = input else { return }
        var budget = 512
        while next < items.count, budget > 0 {
            let item = items[next]
            next += 1
            budget -= 1
            lastDeviceTime = max(lastDeviceTime, item.time)
            context.now = max(context.now, item.time)
            switch item {
            case .frame(let frame): context.run { stack, out in stack.consume(frame, into: &out) }
            case .cancel(let time): context.run { stack, out in stack.cancelAll(at: time, into: &out) }
            }
        }
        if next == items.count {
            // The input is over: every pending timer resolves, as `touchhost replay` does.
            let end = lastDeviceTime + Pipeline.settleTime
            lastDeviceTime = end
            context.now = max(context.now, end)
            context.run { stack, out in stack.advance(to: end, into: &out) }
            context.enqueue(.status(StatusEvent(kind: .disconnected, timestamp: end)))
            ended = true
        }
        input = .replay(items: items, next: next)
        if ended { throw CallError(.disconnected, "\(name): the replay has ended") }
    }

    // MARK: Commands and info

    func send(_ command: HostCommand, leadingDelimiter: Bool = false) throws(CallError) {
        guard case .link(let link) = input else { throw CallError(.notSupported, "a replay takes no commands") }
        guard !ended else { throw CallError(.disconnected, "\(name): the device went away") }
        var sink = ByteCollector()
        if leadingDelimiter { FrameEncoder.writeDelimiter(to: &sink) }
        FrameEncoder.encode(CommandFrame(requestId: nextRequest, command: command), to: &sink)
        nextRequest = nextRequest == 255 ? 1 : nextRequest + 1
        do {
            try link.write(sink.bytes)
        } catch {
            throw CallError(error.cause == .disconnected ? .disconnected : .io, error.description)
        }
    }

    func writeInfo(to p: UnsafeMutableRawPointer) throws(CallError) {
        guard case .link = input else { throw CallError(.notSupported, "a replay has no device to describe") }
        guard let info else { throw CallError(.again, "\(name) has not described itself yet") }
        typealias L = CLayout.DeviceInfo
        p.set(L.protocolVersion, UInt32(info.protocolVersion))
        p.set(L.firmwareMajor, UInt32(info.firmwareVersion.major))
        p.set(L.firmwareMinor, UInt32(info.firmwareVersion.minor))
        p.set(L.firmwarePatch, UInt32(info.firmwareVersion.patch))
        p.set(L.maxContacts, UInt32(info.maxContacts))
        p.set(L.reportRate, UInt32(info.reportRate))
        p.set(28, UInt32(0))
        p.set(L.panelWidth, Double(info.panelSize.x))
        p.set(L.panelHeight, Double(info.panelSize.y))
        let board = Array(boardName(info).utf8.prefix(L.boardCapacity - 1)) + [0]
        for (i, byte) in board.enumerated() { p.storeBytes(of: byte, toByteOffset: L.board + i, as: UInt8.self) }
    }

    private func boardName(_ info: DeviceInfo) -> String {
        String(decoding: (0..<info.boardName.count).map { info.boardName[$0] }, as: UTF8.self)
    }

    func close() {
        if case .link(let link) = input, !ended { link.close() }
        ended = true
    }
}

private struct ByteCollector: ByteSink {
    var bytes: [UInt8] = []
    mutating func write(_ byte: UInt8) { bytes.append(byte) }
}
