import TouchCore

/// A parsed touch script (contracts.md section 2): optional panel size and report rate, then timed
/// statements in the order written, which is also time order.
public struct TouchScript: Sendable {
    public var panelSize: PanelSize?
    public var reportRate: Int?
    public var statements: [TimedStatement]

    public init(panelSize: PanelSize? = nil, reportRate: Int? = nil, statements: [TimedStatement] = []) {
        self.panelSize = panelSize
        self.reportRate = reportRate
        self.statements = statements
    }

    /// The time of the last thing the script does, including the end of its last gesture.
    public var endTime: Microseconds {
        statements.map { $0.time + $0.statement.duration }.max() ?? 0
    }

    /// True when the script holds controller-level `report` lines, which bypass the panel model
    /// and so can only be replayed, not played by the emulator.
    public var hasReports: Bool {
        statements.contains { if case .report = $0.statement { true } else { false } }
    }
}

public struct PanelSize: Equatable, Sendable {
    public var width: Float
    public var height: Float

    public init(width: Float, height: Float) {
        self.width = width
        self.height = height
    }

    /// What a script uses when neither it nor the board names a size.
    public static let scriptDefault = PanelSize(width: 345, height: 194)
}

public struct TimedStatement: Sendable {
    public var time: Microseconds
    /// 1-based line in the source, for errors found after parsing.
    public var line: Int
    public var statement: ScriptStatement
    /// The contact a finger statement's fingers make (`size D`, `size W by H angle A`), or a
    /// palm's (`palm at X Y size W by H for T`, a `hold` of one flat contact); `.unknown` for the
    /// board's own finger.
    public var footprint: Footprint

    public init(time: Microseconds, line: Int, statement: ScriptStatement, footprint: Footprint = .boardFinger) {
        self.time = time
        self.line = line
        self.statement = statement
        self.footprint = footprint
    }
}

/// What touches the panel in a statement: a finger of some size, or a palm.
public struct Footprint: Equatable, Sendable {
    public var shape: ContactShape
    public var isPalm: Bool

    public init(shape: ContactShape, isPalm: Bool = false) {
        self.shape = shape
        self.isPalm = isPalm
    }

    public static let boardFinger = Footprint(shape: .unknown)
}

/// Several fingers side by side, `spread` mm apart, centred on the gesture's point.
public struct FingerGroup: Equatable, Sendable {
    public var count: Int
    public var spread: Float

    public init(count: Int = 1, spread: Float = FingerGroup.defaultSpread) {
        self.count = count
        self.spread = spread
    }

    public static let single = FingerGroup()
    public static let defaultSpread: Float = 20
}

public struct ScriptContact: Equatable, Sendable {
    public var id: UInt8
    public var state: ContactState
    public var position: PanelPoint

    public init(id: UInt8, state: ContactState, position: PanelPoint) {
        self.id = id
        self.state = state
        self.position = position
    }
}

public enum ScriptStatement: Equatable, Sendable {
    case down(finger: UInt8, at: PanelPoint)
    case move(finger: UInt8, to: PanelPoint)
    case up(finger: UInt8)
    case cancel
    case tap(at: PanelPoint, fingers: FingerGroup)
    case hold(at: PanelPoint, duration: Microseconds, fingers: FingerGroup)
    case drag(from: PanelPoint, to: PanelPoint, duration: Microseconds, fingers: FingerGroup)
    case pinch(center: PanelPoint, fromDistance: Float, toDistance: Float, duration: Microseconds)
    case rotate(center: PanelPoint, radius: Float, degrees: Float, duration: Microseconds)
    case path(points: [PanelPoint], duration: Microseconds)
    case edge(ScreenEdge, at: Float, inward: Float, duration: Microseconds)
    case report(sequence: UInt32?, contacts: [ScriptContact])

    /// How long the statement's fingers stay on the panel after its start.
    public var duration: Microseconds {
        switch self {
        case .down, .move, .up, .cancel, .report: 0
        case .tap: TouchScript.tapDuration
        case .hold(_, let d, _), .drag(_, _, let d, _), .pinch(_, _, _, let d), .rotate(_, _, _, let d),
            .path(_, let d), .edge(_, _, _, let d):
            d
        }
    }
}

extension TouchScript {
    /// A scripted tap lifts this long after it touches down.
    public static let tapDuration: Microseconds = 60_000
    public static let defaultReportRate = 120

    /// What a script may say (docs/cli.md, "Script limits"). A script is untrusted input: past these
    /// a value is nothing a panel or a controller could mean, or its replay would never end, and the
    /// parser refuses it with an error naming the line.
    public enum Limits {
        /// Reports per second (`rate`): no touch controller reports faster than 1 kHz.
        public static let reportRates: ClosedRange<Int> = 1...1_000
        /// The latest moment a script may reach, the end of its gestures included: 24 hours.
        public static let span: Microseconds = 24 * 3_600 * 1_000_000
        /// Coordinates, the panel's size and every length (spread, distances, radius, inward) lie
        /// within this many mm of the origin: ten metres, beyond any panel.
        public static let millimetres: Float = 10_000
        /// A rotation turns at most ten full turns either way.
        public static let degrees: Float = 3_600
        /// Points of one `path`.
        public static let pathPoints = 10_000
        /// Contacts of one `report`: the most a frame of the wire protocol carries.
        public static let reportContacts = TouchLimits.maxContacts
        /// A `report`'s `seq`: the wire protocol's 16 bits.
        public static let sequenceNumbers: ClosedRange<Int> = 0...Int(UInt16.max)
        /// A script file's size: 16 MiB, hundreds of thousands of statements. Larger files are
        /// refused before they are read, so a script never holds more memory than this allows.
        public static let bytes = 16 * 1_024 * 1_024
    }

    /// One report period at `rate` reports per second, the rate held within `Limits.reportRates`,
    /// so a period is never 0 µs whoever asks.
    public static func reportPeriod(rate: Int) -> Microseconds {
        Microseconds(1_000_000 / min(max(rate, Limits.reportRates.lowerBound), Limits.reportRates.upperBound))
    }
}
