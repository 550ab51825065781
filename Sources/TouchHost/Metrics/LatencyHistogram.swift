import TouchCore

/// One latency of serve's metrics as a Prometheus histogram (cumulative buckets, sum, count), with
/// the newest samples kept for the percentile serve says at exit (bounded: at most 100 000).
public struct LatencyHistogram {
    /// Bucket upper bounds in seconds: 100 µs to 0.1 s, around the goal of 1 ms.
    public static let bounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1]
    static let kept = 100_000

    /// The counts at or below each bound.
    private var buckets = [Int](repeating: 0, count: LatencyHistogram.bounds.count)
    public private(set) var count = 0
    private var sum = 0.0
    private var recent: [Microseconds] = []

    public init() {}

    public mutating func observe(_ latency: Microseconds) {
        let seconds = Double(latency) / 1_000_000
        for (index, bound) in Self.bounds.enumerated() where seconds <= bound { buckets[index] += 1 }
        count += 1
        sum += seconds
        if recent.count >= Self.kept { recent.removeFirst(Self.kept / 2) }
        recent.append(latency)
    }

    /// The latency below which `fraction` of the kept samples lie, in µs; nil before any.
    public func percentile(_ fraction: Double) -> Microseconds? {
        guard !recent.isEmpty else { return nil }
        let sorted = recent.sorted()
        return sorted[min(max(Int((Double(sorted.count) * fraction).rounded(.up)) - 1, 0), sorted.count - 1)]
    }

    /// The histogram's lines in the text format, as `touchhost_NAME`.
    func lines(name: String, help: String) -> [String] {
        var lines = ["# HELP touchhost_\(name) \(help)", "# TYPE touchhost_\(name) histogram"]
        for (index, bound) in Self.bounds.enumerated() {
            lines.append("touchhost_\(name)_bucket{le=\"\(bound)\"} \(buckets[index])")
        }
        lines.append("touchhost_\(name)_bucket{le=\"+Inf\"} \(count)")
        lines.append("touchhost_\(name)_sum \(sum)")
        lines.append("touchhost_\(name)_count \(count)")
        return lines
    }
}
