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
    public func idealReports(panel: PanelSize, rate: Int) -> [ReplayItem] {
        let period = Microseconds(1_000_000 / max(rate, 1))
        var items = IdealReporter(period: period).reports(for: stimuli(panel: panel, rate: rate))
        for item in statements {
            guard case .report(let sequence, let contacts) = item.statement else { continue }
            var frame = ContactFrame(timestamp: item.time, sequence: sequence)
            for contact in contacts {
                frame.add(ReportedContact(controllerId: contact.id, state: contact.state, position: contact.position))
            }
            items.append(.frame(frame))
        }
        // A stable sort keeps same-time items in the order they were produced.
        return items.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}

/// Turns finger actions into the reports an ideal controller sends.
struct IdealReporter {
    let period: Microseconds

    private struct Finger {
        var position: PanelPoint
        var reported = false
        var lifted = false
    }

    func reports(for stimuli: [TimedStimulus]) -> [ReplayItem] {
        var items: [ReplayItem] = []
        var fingers: [UInt8: Finger] = [:]
        var order: [UInt8] = []
        var lastReport: Microseconds?

        func report(at time: Microseconds) {
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
                frame.add(ReportedContact(controllerId: id, state: state, position: finger.position))
                if state == .up {
                    fingers[id] = nil
                } else {
                    fingers[id] = finger
                    remaining.append(id)
                }
            }
            order = remaining
            items.append(.frame(frame))
            lastReport = time
        }

        func fill(before time: Microseconds) {
            guard let last = lastReport else { return }
            var next = last + period
            while !order.isEmpty, next < time {
                report(at: next)
                next += period
            }
        }

        var index = 0
        while index < stimuli.count {
            let time = stimuli[index].time
            fill(before: time)
            var changed = false
            while index < stimuli.count, stimuli[index].time == time {
                let stimulus = stimuli[index].stimulus
                switch stimulus.action {
                case .down:
                    fingers[stimulus.finger] = Finger(position: stimulus.position)
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
                    items.append(.cancel(at: time))
                }
                index += 1
            }
            if changed, !order.isEmpty { report(at: time) }
        }
        // After the last action, one more report carries any ups still owed; a finger still down
        // is simply no longer reported, as when a controller goes quiet, so the tracker's report
        // timeout ends its touch. Reporting it until it lifts would never end.
        if let last = lastReport, order.contains(where: { fingers[$0]?.lifted == true }) {
            report(at: last + period)
        }
        return items
    }
}
