import TouchCore

/// What a replayed script feeds the pipeline: reports, and the system's cancel (which no
/// controller can send, so it goes to the tracker directly).
public enum ReplayItem: Sendable {
    case frame(ContactFrame)
    case cancel(at: Microseconds)

    public var time: Microseconds {
        switch self {
        case .frame(let frame): frame.timestamp
        case .cancel(let time): time
        }
    }
}

extension TouchScript {
    /// The script as a perfect controller would report it: finger actions (gestures expanded)
    /// become full reports with the finger number as the controller id, one at every action's time
    /// and one every report period in between while a finger is down; `report` lines pass through
    /// as written. Ordered by time; at equal times, finger reports come first. Reports end with the
    /// last action: a finger still down then stays down unreported until the tracker's report
    /// timeout ends its touch.
    ///
    /// The reports are made as they are asked for (`IdealReports`), so a replay holds only the
    /// present, however long the script: a day-long hold is a day of reports, never a day in memory.
    public func idealReports(panel: PanelSize, rate: Int) -> IdealReports {
        IdealReports(stimuli: stimuli(panel: panel, rate: rate), period: TouchScript.reportPeriod(rate: rate))
    }
}

/// A script's ideal reports, made one at a time (`TouchScript.idealReports`): the reports of its
/// finger actions merged, by time, with its `report` lines.
public struct IdealReports: Sequence, Sendable {
    let stimuli: ScriptStimuli
    let period: Microseconds

    public func makeIterator() -> Iterator { Iterator(self) }

    public struct Iterator: IteratorProtocol {
        private var reporter: IdealReporter<ScriptStimuli.Iterator>
        private let statements: [TimedStatement]
        /// The next statement that may be a `report` line.
        private var line = 0
        /// The reporter's next item once asked for, nil inside when it has ended.
        private var fingerItem: ReplayItem??

        init(_ reports: IdealReports) {
            reporter = IdealReporter(period: reports.period, stimuli: reports.stimuli.makeIterator())
            statements = reports.stimuli.statements
        }

        public mutating func next() -> ReplayItem? {
            while line < statements.count, !statements[line].isReport { line += 1 }
            if fingerItem == nil { fingerItem = .some(reporter.next()) }
            if let item = fingerItem!, line == statements.count || item.time <= statements[line].time {
                fingerItem = nil
                return item
            }
            guard line < statements.count, case .report(let sequence, let contacts) = statements[line].statement else {
                return nil
            }
            var frame = ContactFrame(timestamp: statements[line].time, sequence: sequence)
            for contact in contacts {
                frame.add(ReportedContact(controllerId: contact.id, state: contact.state, position: contact.position))
            }
            line += 1
            return .frame(frame)
        }
    }
}

extension TimedStatement {
    var isReport: Bool { if case .report = statement { true } else { false } }
}

/// Turns finger actions into the reports an ideal controller sends, one report at a time: the
/// reports due every period while a finger is down are made only as they are taken.
struct IdealReporter<Stimuli: IteratorProtocol<TimedStimulus>>: IteratorProtocol {
    let period: Microseconds
    private var stimuli: Stimuli
    private var upcoming: TimedStimulus?

    private struct Finger {
        var position: PanelPoint
        var shape = ContactShape.unknown
        var isPalm = false
        var reported = false
        var lifted = false
    }

    private var fingers: [UInt8: Finger] = [:]
    private var order: [UInt8] = []
    private var lastReport: Microseconds?
    /// Made but not yet taken: the cancels and the report of one instant's actions.
    private var made: [ReplayItem] = []
    private var taken = 0
    private var ended = false

    init(period: Microseconds, stimuli: Stimuli) {
        self.period = max(period, 1)
        self.stimuli = stimuli
        upcoming = self.stimuli.next()
    }

    mutating func next() -> ReplayItem? {
        while true {
            if taken < made.count {
                defer { taken += 1 }
                return made[taken]
            }
            made.removeAll(keepingCapacity: true)
            taken = 0
            guard let time = upcoming?.time else { return finish() }
            // While a finger is down, a report every period up to the next action.
            if let last = lastReport, !order.isEmpty, last + period < time {
                return report(at: last + period)
            }
            var changed = false
            while let stimulus = upcoming?.stimulus, upcoming?.time == time {
                switch stimulus.action {
                case .down:
                    fingers[stimulus.finger] = Finger(
                        position: stimulus.position, shape: stimulus.shape, isPalm: stimulus.isPalm)
                    order.append(stimulus.finger)
                    changed = true
                case .move:
                    fingers[stimulus.finger]?.position = stimulus.position
                    changed = true
                case .up:
                    fingers[stimulus.finger]?.lifted = true
                    changed = true
                case .liftAll:
                    fingers.removeAll()
                    order.removeAll()
                    made.append(.cancel(at: time))
                }
                upcoming = stimuli.next()
            }
            if changed, !order.isEmpty { made.append(report(at: time)) }
        }
    }

    /// After the last action, one more report carries any ups still owed; a finger still down
    /// is simply no longer reported, as when a controller goes quiet, so the tracker's report
    /// timeout ends its touch. Reporting it until it lifts would never end.
    private mutating func finish() -> ReplayItem? {
        guard !ended else { return nil }
        ended = true
        guard let last = lastReport, order.contains(where: { fingers[$0]?.lifted == true }) else { return nil }
        return report(at: last + period)
    }

    private mutating func report(at time: Microseconds) -> ReplayItem {
        // No sequence number: an ideal link loses nothing, and script `report` lines keep their own.
        var frame = ContactFrame(timestamp: time)
        var remaining: [UInt8] = []
        for id in order {
            guard var finger = fingers[id] else { continue }
            let state: ContactState
            if !finger.reported {
                // Reported down even if it already lifted: its up goes in the next report.
                state = .down
                finger.reported = true
            } else {
                state = finger.lifted ? .up : .move
            }
            // An ideal controller knows the script's sizes and palms exactly.
            frame.add(
                ReportedContact(
                    controllerId: id, state: state, position: finger.position, shape: finger.shape, isPalm: finger.isPalm))
            if state == .up {
                fingers[id] = nil
            } else {
                fingers[id] = finger
                remaining.append(id)
            }
        }
        order = remaining
        lastReport = time
        return .frame(frame)
    }
}
