import Glibc
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
    /// rate and up, in time order (actions at the same time keep the script's order). `cancel`
    /// becomes a lift-all. Controller-level `report` lines are not finger actions and are left
    /// out: see `hasReports`. The actions are made as they are asked for (`ScriptStimuli`).
    public func stimuli(panel: PanelSize, rate: Int) -> ScriptStimuli {
        ScriptStimuli(statements: statements, panel: panel, period: TouchScript.reportPeriod(rate: rate))
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

/// A script's finger actions, made one at a time as a consumer (the ideal reporter, the emulator)
/// takes them. Only the gestures on the panel at the moment are held, so memory does not depend on
/// how long the script runs: an hour-long hold costs what a tap costs.
///
/// Statements start in time order but a gesture's actions run on past later statements' starts,
/// so the gestures under way are merged by the time of their next action (then by statement, so
/// same-time actions keep the script's order). A statement joins them only when its start comes
/// strictly before every next action under way, so the gestures held are those whose span covers
/// the present, bounded by the fingers there are.
public struct ScriptStimuli: Sequence, Sendable {
    let statements: [TimedStatement]
    let panel: PanelSize
    let period: Microseconds
    let reserved: Set<UInt8>

    init(statements: [TimedStatement], panel: PanelSize, period: Microseconds) {
        self.statements = statements
        self.panel = panel
        self.period = period
        reserved = TouchScript(statements: statements).explicitFingers
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    public struct Iterator: IteratorProtocol {
        private let source: ScriptStimuli
        private var fingers: FingerAllocator
        private var nextStatement = 0
        private var underway = StrokeQueue()

        init(_ source: ScriptStimuli) {
            self.source = source
            fingers = FingerAllocator(reserved: source.reserved)
        }

        public mutating func next() -> TimedStimulus? {
            let statements = source.statements
            while nextStatement < statements.count, underway.first.map({ statements[nextStatement].time < $0.time }) ?? true {
                let item = statements[nextStatement]
                if var stroke = GestureExpansion.stroke(
                    for: item.statement, at: item.time, order: nextStatement, period: source.period, panel: source.panel,
                    fingers: &fingers)
                {
                    stroke.footprint = item.footprint
                    underway.push(stroke)
                }
                nextStatement += 1
            }
            guard var stroke = underway.popFirst() else { return nil }
            let stimulus = stroke.next()
            if stimulus.stimulus.action == .liftAll {
                // Every finger leaves the panel: the gestures under way end here. Their remaining
                // moves would describe fingers no longer there, and making them (a day of them for a
                // day-long drag) held up the next action for minutes (found by fuzzing).
                underway.removeAll()
            } else if !stroke.isFinished {
                underway.push(stroke)
            }
            return stimulus
        }
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

/// Where a gesture's fingers are as it runs: finger index and progress (0 at the down, 1 at the up).
enum StrokeShape {
    /// tap and hold: fingers side by side that do not move.
    case still(PanelPoint, offsets: [PanelPoint])
    /// drag: fingers side by side along a straight line.
    case drag(from: PanelPoint, to: PanelPoint, offsets: [PanelPoint])
    case pinch(center: PanelPoint, fromDistance: Float, toDistance: Float)
    case rotate(center: PanelPoint, radius: Float, degrees: Float)
    case path(PolylineWalk)
    /// edge: one finger along a straight line.
    case line(from: PanelPoint, to: PanelPoint)

    func position(_ finger: Int, _ progress: Float) -> PanelPoint {
        switch self {
        case .still(let at, let offsets):
            return at + offsets[finger]
        case .drag(let from, let to, let offsets):
            return from + (to - from) * progress + offsets[finger]
        case .pinch(let center, let fromDistance, let toDistance):
            let half = (fromDistance + (toDistance - fromDistance) * progress) / 2
            return center + PanelPoint(x: finger == 0 ? -half : half, y: 0)
        case .rotate(let center, let radius, let degrees):
            // With y pointing down, a growing angle turns clockwise on screen.
            let angle = Double(degrees * progress) * .pi / 180 + (finger == 0 ? .pi : 0)
            return center + PanelPoint(x: Float(cos(angle)), y: Float(sin(angle))) * radius
        case .path(let walk):
            return walk.point(at: progress)
        case .line(let from, let to):
            return from + (to - from) * progress
        }
    }
}

/// One statement's finger actions, made one at a time: every finger down at the start, a move for
/// every finger each report period (none without a period) and a final move at the end, then every
/// finger up; or a single action (down, move, up, cancel). The final position is always reached exactly.
struct Stroke {
    private enum Phase: Equatable {
        case down
        case move(elapsed: Microseconds)
        case lastMove
        case up
        case single
        case finished
    }

    /// The statement's place in the script: same-time actions of two statements go in script order.
    let order: Int
    private let fingers: [UInt8]
    private let start: Microseconds
    private let duration: Microseconds
    private let period: Microseconds?
    private let shape: StrokeShape
    private let single: FingerStimulus?
    private var phase: Phase
    private var finger = 0
    /// What the stroke's fingers put on the panel.
    var footprint = Footprint.boardFinger
    /// When the next action happens.
    private(set) var time: Microseconds

    init(order: Int, fingers: [UInt8], start: Microseconds, duration: Microseconds, period: Microseconds?, shape: StrokeShape) {
        self.order = order
        self.fingers = fingers
        self.start = start
        self.duration = duration
        self.period = period.flatMap { $0 > 0 ? $0 : nil }
        self.shape = shape
        single = nil
        phase = .down
        time = start
    }

    init(order: Int, at time: Microseconds, _ stimulus: FingerStimulus) {
        self.order = order
        fingers = [stimulus.finger]
        start = time
        duration = 0
        period = nil
        shape = .still(stimulus.position, offsets: [.zero])
        single = stimulus
        phase = .single
        self.time = time
    }

    var isFinished: Bool { phase == .finished }

    /// Sorted by the time of the next action, then by statement.
    func comesBefore(_ other: Stroke) -> Bool { (time, order) < (other.time, other.order) }

    mutating func next() -> TimedStimulus {
        let stimulus: FingerStimulus
        switch phase {
        case .single, .finished:
            stimulus = single ?? FingerStimulus(finger: 0, action: .liftAll, position: .zero)
        case .down:
            stimulus = FingerStimulus(finger: fingers[finger], action: .down, position: shape.position(finger, 0))
        case .move(let elapsed):
            stimulus = FingerStimulus(
                finger: fingers[finger], action: .move, position: shape.position(finger, Float(elapsed) / Float(duration)))
        case .lastMove:
            stimulus = FingerStimulus(finger: fingers[finger], action: .move, position: shape.position(finger, 1))
        case .up:
            stimulus = FingerStimulus(finger: fingers[finger], action: .up, position: shape.position(finger, 1))
        }
        var timed = TimedStimulus(time: time, stimulus: stimulus)
        if timed.stimulus.action != .liftAll {
            timed.stimulus.shape = footprint.shape
            timed.stimulus.isPalm = footprint.isPalm
        }
        finger += 1
        if finger == fingers.count {
            finger = 0
            advance()
        }
        return timed
    }

    private mutating func advance() {
        switch phase {
        case .down:
            if let period {
                move(after: period)
            } else {
                phase = .up
                time = start + duration
            }
        case .move(let elapsed):
            move(after: elapsed + (period ?? duration))
        case .lastMove:
            phase = .up
        case .up, .single, .finished:
            phase = .finished
        }
    }

    private mutating func move(after elapsed: Microseconds) {
        if elapsed < duration {
            phase = .move(elapsed: elapsed)
            time = start + elapsed
        } else {
            phase = .lastMove
            time = start + duration
        }
    }
}

/// The gestures under way, the one with the earliest next action first (a binary heap).
struct StrokeQueue {
    private var heap: [Stroke] = []

    var first: Stroke? { heap.first }

    mutating func removeAll() { heap.removeAll() }

    mutating func push(_ stroke: Stroke) {
        heap.append(stroke)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].comesBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popFirst() -> Stroke? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].comesBefore(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].comesBefore(heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}

/// How each statement becomes finger actions. Moves are spaced one report period apart so the
/// panel sees every intermediate position.
enum GestureExpansion {
    /// The statement's actions, or nil when it has none (a `report` line, or a gesture that found
    /// no free finger). Fingers are taken when the statement is reached, in script order.
    static func stroke(
        for statement: ScriptStatement, at start: Microseconds, order: Int, period: Microseconds, panel: PanelSize,
        fingers: inout FingerAllocator
    ) -> Stroke? {
        func stroke(_ count: Int, duration: Microseconds, moves: Bool, _ shape: StrokeShape) -> Stroke? {
            let taken = fingers.take(count, from: start, until: start + duration)
            guard !taken.isEmpty else { return nil }
            return Stroke(order: order, fingers: taken, start: start, duration: duration, period: moves ? period : nil, shape: shape)
        }
        func single(_ finger: UInt8, _ action: FingerAction, _ position: PanelPoint) -> Stroke {
            Stroke(order: order, at: start, FingerStimulus(finger: finger, action: action, position: position))
        }
        switch statement {
        case .down(let finger, let at):
            return single(finger, .down, at)
        case .move(let finger, let to):
            return single(finger, .move, to)
        case .up(let finger):
            return single(finger, .up, .zero)
        case .cancel:
            return single(0, .liftAll, .zero)
        case .report:
            return nil
        case .tap(let at, let group):
            return stroke(group.count, duration: statement.duration, moves: false, .still(at, offsets: group.offsets))
        case .hold(let at, let duration, let group):
            return stroke(group.count, duration: duration, moves: false, .still(at, offsets: group.offsets))
        case .drag(let from, let to, let duration, let group):
            return stroke(group.count, duration: duration, moves: true, .drag(from: from, to: to, offsets: group.offsets))
        case .pinch(let center, let fromDistance, let toDistance, let duration):
            return stroke(2, duration: duration, moves: true, .pinch(center: center, fromDistance: fromDistance, toDistance: toDistance))
        case .rotate(let center, let radius, let degrees, let duration):
            return stroke(2, duration: duration, moves: true, .rotate(center: center, radius: radius, degrees: degrees))
        case .path(let points, let duration):
            return stroke(1, duration: duration, moves: true, .path(PolylineWalk(points)))
        case .edge(let edge, let at, let inward, let duration):
            let (from, to) = edgeStroke(edge, at: at, inward: inward, panel: panel)
            return stroke(1, duration: duration, moves: true, .line(from: from, to: to))
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
        for index in points.indices.dropFirst() {
            total += points[index].distance(to: points[index - 1])
            cumulative.append(total)
        }
        self.cumulative = cumulative
    }

    func point(at progress: Float) -> PanelPoint {
        let total = cumulative.last ?? 0
        guard total > 0 else { return points.first ?? .zero }
        let target = min(max(progress, 0), 1) * total
        // The first point at or past the target, found by halving: a long path costs log(n) a move.
        var low = 1
        var high = points.count
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] >= target { high = middle } else { low = middle + 1 }
        }
        guard low < points.count else { return points[points.count - 1] }
        let length = cumulative[low] - cumulative[low - 1]
        let fraction = length > 0 ? (target - cumulative[low - 1]) / length : 0
        return points[low - 1] + (points[low] - points[low - 1]) * fraction
    }
}
