import SeededRandom
import TouchCore

/// Ten fingers whose paths cross, with the truth known: the stream on which the tracker's anonymous
/// matching and mtdev are compared. Each episode puts every finger down on a ring around a point
/// near the panel's centre, sweeps each across to the far side at its own time and speed, and lifts
/// them all; an empty report separates episodes. Fingers are solid: at every report any two are at
/// least `minimumSeparation` apart, so a swap is always the tracker's mistake, never a tie.
public struct CrossingFingers: Sendable {
    public struct Contact: Sendable {
        /// Unique for the stream: episode x fingers + finger.
        public var truth: Int
        public var x: UInt16
        public var y: UInt16
        public var position: PanelPoint
    }

    public struct Settings: Sendable {
        public var name: String
        public var fingers = 10
        public var episodes = 200
        public var episodeReports = 100
        public var gapReports = 3
        public var ringRadius: Float = 70
        public var speed: ClosedRange<Float>
        public var minimumSeparation: Float = 10
        public var seed: UInt64 = 0x70_0C_4057

        public init(name: String, speed: ClosedRange<Float>) {
            self.name = name
            self.speed = speed
        }

        /// Crossings at the pace of deliberate dragging: 100-300 mm/s on average.
        public static let steady = Settings(name: "drags (100-300 mm/s)", speed: 100...300)
        /// Crossings at the pace of flicks: 400-1000 mm/s on average, peaks to 15 mm per report.
        public static let flicks = Settings(name: "flicks (400-1000 mm/s)", speed: 400...1000)
        /// Sweeps faster than most people move: 1000-1600 mm/s on average, peaks to 25 mm per report.
        public static let sweeps = Settings(name: "sweeps (1000-1600 mm/s)", speed: 1000...1600)

        public static let all = [steady, flicks, sweeps]
    }

    public let settings: Settings
    /// Every report in order; anonymous contacts listed in scan order (by y, then x), as a
    /// controller without ids would.
    public let reports: [[Contact]]

    public init(_ settings: Settings) {
        self.settings = settings
        var random = SplitMix64(seed: settings.seed)
        var reports: [[Contact]] = []
        for episode in 0..<settings.episodes {
            let paths = Self.placePaths(settings, using: &random)
            for report in 0..<settings.episodeReports {
                var contacts: [Contact] = []
                for finger in paths.indices {
                    let point = paths[finger].position(at: report)
                    let device = BenchmarkPanel.info.deviceCoordinates(of: point)
                    contacts.append(Contact(
                        truth: episode * settings.fingers + finger, x: device.x, y: device.y,
                        position: BenchmarkPanel.info.millimetres(x: device.x, y: device.y)))
                }
                contacts.sort { ($0.y, $0.x) < ($1.y, $1.x) }
                reports.append(contacts)
            }
            for _ in 0..<settings.gapReports { reports.append([]) }
        }
        self.reports = reports
    }

    public var contactReports: Int { reports.reduce(0) { $0 + $1.count } }

    struct Path {
        var from: PanelPoint
        var to: PanelPoint
        var start: Int
        var duration: Int

        func position(at report: Int) -> PanelPoint {
            let t = min(max(Float(report - start) / Float(duration), 0), 1)
            // A hand speeds up and slows down smoothly (the minimum-jerk profile of reaching
            // movements); its peak speed is 1.875 times its average.
            let s = t * t * t * (10 - 15 * t + 6 * t * t)
            return PanelPoint(x: from.x + (to.x - from.x) * s, y: from.y + (to.y - from.y) * s)
        }
    }

    /// Places fingers one by one, redrawing a path until it keeps clear of those already placed.
    static func placePaths(_ settings: Settings, using random: inout SplitMix64) -> [Path] {
        let centre = PanelPoint(
            x: BenchmarkPanel.size.x / 2 + random.uniform(-40...40),
            y: BenchmarkPanel.size.y / 2 + random.uniform(-10...10))
        let secondsPerReport = Float(BenchmarkPanel.reportInterval) / 1_000_000
        var paths: [Path] = []
        while paths.count < settings.fingers {
            var placed = false
            for _ in 0..<500 {
                // Start angles spread around the ring keep the resting fingers apart.
                let slot = Float(paths.count) / Float(settings.fingers)
                let angle = 2 * Float.pi * slot + random.uniform(-0.2...0.2)
                let across = angle + Float.pi + random.uniform(-0.6...0.6)
                let from = PanelPoint(
                    x: centre.x + settings.ringRadius * ScalarMath.cos(angle),
                    y: centre.y + settings.ringRadius * ScalarMath.sin(angle))
                let to = PanelPoint(
                    x: centre.x + settings.ringRadius * ScalarMath.cos(across),
                    y: centre.y + settings.ringRadius * ScalarMath.sin(across))
                let length = from.distance(to: to)
                let speed = random.uniform(settings.speed)
                let duration = max(Int((length / speed / secondsPerReport).rounded()), 1)
                let latestStart = settings.episodeReports - duration - 2
                guard latestStart >= 2 else { continue }
                let path = Path(from: from, to: to, start: Int.random(in: 2...latestStart, using: &random), duration: duration)
                if paths.allSatisfy({ keepsClear(path, $0, settings) }) {
                    paths.append(path)
                    placed = true
                    break
                }
            }
            // A crowded ring: start the episode over rather than accept fingers that overlap.
            if !placed { paths.removeAll() }
        }
        return paths
    }

    static func keepsClear(_ a: Path, _ b: Path, _ settings: Settings) -> Bool {
        for report in 0..<settings.episodeReports
        where a.position(at: report).distance(to: b.position(at: report)) < settings.minimumSeparation {
            return false
        }
        return true
    }
}
