import Boards
import Synchronization
import Firmware
import TouchCore

/// Runs the controller firmware on the host against its simulated panel and serves it on a link:
/// advances the controller to the current time, writes what it sends, feeds it what the host
/// sends, and plays a script's finger actions at script times.
///
/// The script's clock starts when the host first sends a byte (its device-info request), so a
/// script is never half over before anyone listens; `startsImmediately` starts it at once.
public final class EmulatorHost: @unchecked Sendable {
    public let board: BoardDefinition
    /// Carries the recognizers too, so a host can ask for gestures mode.
    private var controller: EmulatedGestureController
    private let links: EmulatorLinks
    /// The script's finger actions, made as the loop reaches their times.
    private var stimuli: StimulusFeed
    private let scriptEnd: Microseconds?
    private var faults: FaultSettings?
    /// The one-shot faults (`reset`, `drop-link`) still to come: they fire halfway through the
    /// script, when a host is listening and touches are likely down, not before anyone connects.
    private var pendingReset = false
    private var pendingDrop = false
    public var startsImmediately = false
    /// Told of every script action as it enters the panel: the action, its time on the
    /// controller's clock and that instant on CLOCK_MONOTONIC (µs), for latency measurements
    /// (`emulate --stimulus-log`).
    public var stimulusObserver: ((FingerStimulus, _ deviceTime: Microseconds, _ monotonic: Microseconds) -> Void)?
    /// How long the emulator keeps serving after the script's last action, so the host sees the
    /// final reports and the controller's idle frames.
    public static let idleAfterScript: Microseconds = 1_500_000
    /// The longest the loop sleeps, and the relay's poll: well under a report period at any
    /// supported rate.
    public static let tickMilliseconds: Int32 = 1

    private let stopped = Atomic(false)

    /// - Parameters:
    ///   - script: played at script times from the moment the host first speaks; nil serves an idle panel until stopped.
    ///   - mount: how the panel sits on the display the script's fingers touch (`emulate --mount`).
    public init(
        board: BoardDefinition, seed: UInt64, links: EmulatorLinks, script: TouchScript?, faults: FaultSettings? = nil,
        mount: PanelMount? = nil
    ) {
        self.board = board
        self.controller = GestureController(board: board, seed: seed)
        self.links = links
        let panel = board.panelSize
        self.stimuli = StimulusFeed(script, panel: panel, rate: board.reportRate, mount: mount)
        self.scriptEnd = script.map { $0.endTime }
        self.faults = faults
        pendingReset = faults?.resetController ?? false
        pendingDrop = faults?.dropLink ?? false
        self.faults?.resetController = false
        self.faults?.dropLink = false
    }

    /// Script time at which the one-shot faults fire; without a script, one second after the start.
    public var oneShotFaultTime: Microseconds { scriptEnd.map { $0 / 2 } ?? 1_000_000 }

    /// Asks a running `run()` on another thread to return.
    public func stop() { stopped.store(true, ordering: .releasing) }

    private var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Serves until the script has ended plus `idleAfterScript`, or until `stop()` when there is no script.
    public func run() throws(LinkError) {
        let origin = MonotonicClock.now()
        var scriptStart: Microseconds? = startsImmediately ? 0 : nil
        var received: [UInt8] = []
        if let faults { _ = controller.inject(faults) }
        while !isStopped, !links.isClosed {
            let now = MonotonicClock.now() - origin
            received.removeAll(keepingCapacity: true)
            if links.read(into: &received) {
                if scriptStart == nil, !received.isEmpty { scriptStart = now }
                for byte in received { controller.receive(byte) }
            }
            var output = ByteBuffer()
            if let start = scriptStart {
                // Finger actions and the one-shot faults in the order of their times: after a late
                // loop pass (a busy machine), a drop due before a lift still comes before it.
                var faultTime = pendingReset || pendingDrop ? start + oneShotFaultTime : nil
                while true {
                    let action = stimuli.upcoming.map { start + $0.time }.flatMap { $0 <= now ? $0 : nil }
                    if let fault = faultTime, fault <= now, fault <= action ?? fault {
                        fireOneShotFaults(at: fault, output: &output)
                        faultTime = nil
                    } else if let action, let due = stimuli.upcoming {
                        // Scans due before the action run first, so a late loop pass still gives
                        // every action its exact place between scans.
                        controller.advance(to: action, output: &output)
                        controller.apply(due.stimulus)
                        stimulusObserver?(due.stimulus, action, origin + action)
                        stimuli.advance()
                    } else {
                        break
                    }
                }
                if let end = scriptEnd, stimuli.upcoming == nil, now >= start + end + Self.idleAfterScript { break }
            }
            controller.advance(to: now, output: &output)
            if !output.bytes.isEmpty { links.write(output.bytes) }
            if controller.takeLinkDropRequest() { links.drop() }
            links.flush()
            // Asleep until the next scan or finger action is due (a tick at most, so a host's bytes
            // and a stop are heard): a fixed tick sent each scan's report up to a millisecond late.
            var due = controller.controller.nextScanTime
            if let start = scriptStart, let next = stimuli.upcoming { due = min(due, start + next.time) }
            let tick = Microseconds(Self.tickMilliseconds) * 1_000
            _ = links.waitForInput(microseconds: max(0, min(due - (MonotonicClock.now() - origin), tick)))
        }
    }
}

extension EmulatorHost {
    /// The `reset` and `drop-link` faults, at their time: the scans before it are sent first.
    fileprivate func fireOneShotFaults(at time: Microseconds, output: inout ByteBuffer) {
        controller.advance(to: time, output: &output)
        if pendingReset { controller.reset() }
        if pendingDrop {
            if !output.bytes.isEmpty { links.write(output.bytes) }
            output = ByteBuffer()
            links.drop()
        }
        pendingReset = false
        pendingDrop = false
    }
}

/// A script's finger actions as an emulator plays them: the next one due, the rest made only when
/// it is taken, so a long script costs the emulator no more memory than a short one.
public struct StimulusFeed {
    private var stimuli: AnyIterator<TimedStimulus>
    /// The next action, nil once the script has none left.
    public private(set) var upcoming: TimedStimulus?

    /// `script`'s actions on its own panel and rate, else the board's `panel` and `rate`; none without
    /// a script. With `mount`, each finger lands where the mounted panel reads it.
    public init(_ script: TouchScript?, panel: PanelSize, rate: Int, mount: PanelMount? = nil) {
        let surface = script?.panelSize ?? panel
        let all = (script ?? TouchScript()).stimuli(panel: surface, rate: script?.reportRate ?? rate)
        var iterator = all.makeIterator()
        stimuli = AnyIterator {
            guard var next = iterator.next() else { return nil }
            if let mount { next.stimulus.position = mount.panelPosition(of: next.stimulus.position, panel: surface) }
            return next
        }
        upcoming = stimuli.next()
    }

    public mutating func advance() { upcoming = stimuli.next() }
}
