import Foundation
import TouchCore

/// One finger action at a script time: what the emulator applies to its simulated panel.
public struct TimedStimulus: Equatable, Sendable {
    public var time: Microseconds
    public var stimulus: FingerStimulus

    public init(time: Microseconds, stimulus: FingerStimulus) {
        self.time = time
        self.stimulus = stimulus
    }
}

extension TouchScript {
    /// Every finger action the script describes, gestures expanded into down, moves at the report
    /// rate and up, sorted by time (actions at the same time keep the script's order).
    /// `cancel` becomes a lift-all. Controller-level `report` lines are not finger actions and are
    /// left out: see `hasReports`.
    public func stimuli(panel: PanelSize, rate: Int) -> [TimedStimulus] {
        let period = Microseconds(1_000_000 / max(rate, 1))
        var fingers = FingerAllocator(reserved: explicitFingers)
        var timed: [(order: Int, stimulus: TimedStimulus)] = []
        for item in statements {
            let events = GestureExpansion.stimuli(
                for: item.statement, at: item.time, period: period, panel: panel, fingers: &fingers)
            for event in events { timed.append((timed.count, event)) }
        }
        timed.sort { ($0.stimulus.time, $0.order) < ($1.stimulus.time, $1.order) }
        return timed.map(\.stimulus)
    }

    /// Finger numbers the script uses itself, so gestures never borrow one of them.
    var explicitFingers: Set<UInt8> {
        var used = Set<UInt8>()
        for item in statements {
            switch item.statement {
            case .down(let finger, _), .move(let finger, _), .up(let finger): used.insert(finger)
            default: break
            }
        }
        return used
    }
}

/// Hands gestures finger numbers that are free for the whole time they are on the panel, so
/// overlapping gestures never share a finger.
struct FingerAllocator {
    private let reserved: Set<UInt8>
    private var busyUntil: [UInt8: Microseconds] = [:]

    init(reserved: Set<UInt8>) { self.reserved = reserved }

    mutating func take(_ count: Int, from start: Microseconds, until end: Microseconds) -> [UInt8] {
        var taken: [UInt8] = []
        var candidate = 1
        while taken.count < count, candidate <= 255 {
            let finger = UInt8(candidate)
            if !reserved.contains(finger), (busyUntil[finger] ?? -1) < start {
                busyUntil[finger] = end
                taken.append(finger)
            }
            candidate += 1
        }
        return taken
    }
}

/// How each gesture statement becomes finger actions. Moves are spaced one report period apart
/// so the panel sees every intermediate position; the final position is always reached exactly.
enum GestureExpansion {
    static func stimuli(
        for statement: ScriptStatement, at start: Microseconds, period: Microseconds, panel: PanelSize,
        fingers: inout FingerAllocator
    ) -> [TimedStimulus] {
        switch statement {
        case .down(let finger, let at):
            return [TimedStimulus(time: start, stimulus: FingerStimulus(finger: finger, action: .down, position: at))]
        case .move(let finger, let to):
            return [TimedStimulus(time: start, stimulus: FingerStimulus(finger: finger, action: .move, position: to))]
        case .up(let finger):
            return [TimedStimulus(time: start, stimulus: FingerStimulus(finger: finger, action: .up, position: .zero))]
        case .cancel:
            return [TimedStimulus(time: start, stimulus: FingerStimulus(finger: 0, action: .liftAll, position: .zero))]
        case .report:
            return []
        case .tap(let at, let group):
            let offsets = group.offsets
            return stroke(
                fingers: fingers.take(offsets.count, from: start, until: start + statement.duration),
                start: start, duration: statement.duration, period: nil
            ) { finger, _ in at + offsets[finger] }
        case .hold(let at, let duration, let group):
            let offsets = group.offsets
            return stroke(
                fingers: fingers.take(offsets.count, from: start, until: start + duration),
                start: start, duration: duration, period: nil
            ) { finger, _ in at + offsets[finger] }
        case .drag(let from, let to, let duration, let group):
            let offsets = group.offsets
            return stroke(
                fingers: fingers.take(offsets.count, from: start, until: start + duration),
                start: start, duration: duration, period: period
            ) { finger, progress in from + (to - from) * progress + offsets[finger] }
        case .pinch(let center, let fromDistance, let toDistance, let duration):
            return stroke(
                fingers: fingers.take(2, from: start, until: start + duration),
                start: start, duration: duration, period: period
            ) { finger, progress in
                let half = (fromDistance + (toDistance - fromDistance) * progress) / 2
                return center + PanelPoint(x: finger == 0 ? -half : half, y: 0)
            }
        case .rotate(let center, let radius, let degrees, let duration):
            return stroke(
                fingers: fingers.take(2, from: start, until: start + duration),
                start: start, duration: duration, period: period
            ) { finger, progress in
                // With y pointing down, a growing angle turns clockwise on screen.
                let angle = Double(degrees * progress) * .pi / 180 + (finger == 0 ? .pi : 0)
                return center + PanelPoint(x: Float(cos(angle)), y: Float(sin(angle))) * radius
            }
        case .path(let points, let duration):
            let walk = PolylineWalk(points)
            return stroke(
                fingers: fingers.take(1, from: start, until: start + duration),
                start: start, duration: duration, period: period
            ) { _, progress in walk.point(at: progress) }
        case .edge(let edge, let at, let inward, let duration):
            let (from, to) = edgeStroke(edge, at: at, inward: inward, panel: panel)
            return stroke(
                fingers: fingers.take(1, from: start, until: start + duration),
                start: start, duration: duration, period: period
            ) { _, progress in from + (to - from) * progress }
        }
    }

    /// A finger centred exactly on the border is half off the glass, which no panel reports
    /// where it is; starting just inside keeps the stroke's first position truthful.
    static let edgeInset: Float = 1

    static func edgeStroke(_ edge: ScreenEdge, at: Float, inward: Float, panel: PanelSize) -> (PanelPoint, PanelPoint) {
        let inset = edgeInset
        switch edge {
        case .left: return (PanelPoint(x: inset, y: at), PanelPoint(x: inward, y: at))
        case .right: return (PanelPoint(x: panel.width - inset, y: at), PanelPoint(x: panel.width - inward, y: at))
        case .top: return (PanelPoint(x: at, y: inset), PanelPoint(x: at, y: inward))
        case .bottom: return (PanelPoint(x: at, y: panel.height - inset), PanelPoint(x: at, y: panel.height - inward))
        }
    }

    /// Down at `start`, a move every `period` (none when nil) and a final move at the end, then up.
    static func stroke(
        fingers: [UInt8], start: Microseconds, duration: Microseconds, period: Microseconds?,
        position: (Int, Float) -> PanelPoint
    ) -> [TimedStimulus] {
        var events: [TimedStimulus] = []
        func emit(_ time: Microseconds, _ action: FingerAction, _ progress: Float) {
            for (index, finger) in fingers.enumerated() {
                events.append(
                    TimedStimulus(
                        time: time,
                        stimulus: FingerStimulus(finger: finger, action: action, position: position(index, progress))))
            }
        }
        emit(start, .down, 0)
        if let period, period > 0 {
            var elapsed = period
            while elapsed < duration {
                emit(start + elapsed, .move, Float(elapsed) / Float(duration))
                elapsed += period
            }
            emit(start + duration, .move, 1)
        }
        emit(start + duration, .up, 1)
        return events
    }
}

extension FingerGroup {
    /// Side by side along x, centred on the gesture's point.
    var offsets: [PanelPoint] {
        (0..<count).map { index in
            PanelPoint(x: (Float(index) - Float(count - 1) / 2) * spread, y: 0)
        }
    }
}

/// Positions along a polyline at constant speed.
struct PolylineWalk {
    let points: [PanelPoint]
    let cumulative: [Float]

    init(_ points: [PanelPoint]) {
        self.points = points
        var total: Float = 0
        var cumulative: [Float] = [0]
        for index in 1..<points.count {
            total += points[index].distance(to: points[index - 1])
            cumulative.append(total)
        }
        self.cumulative = cumulative
    }

    func point(at progress: Float) -> PanelPoint {
        let total = cumulative.last ?? 0
        guard total > 0 else { return points[0] }
        let target = min(max(progress, 0), 1) * total
        for index in 1..<points.count where cumulative[index] >= target {
            let length = cumulative[index] - cumulative[index - 1]
            let fraction = length > 0 ? (target - cumulative[index - 1]) / length : 0
            return points[index - 1] + (points[index] - points[index - 1]) * fraction
        }
        return points[points.count - 1]
    }
}
