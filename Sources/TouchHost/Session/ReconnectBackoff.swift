import TouchCore

/// How long to wait before each attempt to reopen a lost port: quick at first (an emulator
/// restarted, a cable re-seated), then doubling so an unplugged adapter costs little.
public struct ReconnectBackoff: Sendable {
    public static let first: Microseconds = 250_000
    public static let longest: Microseconds = 4_000_000
    private var upcoming = first

    public init() {}

    /// The wait before the next attempt: 0.25 s, 0.5 s, 1 s, 2 s, then 4 s every time.
    public mutating func next() -> Microseconds {
        defer { upcoming = min(upcoming * 2, Self.longest) }
        return upcoming
    }
}
