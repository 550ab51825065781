import TouchCore

/// What a value from outside (a device's own touch and gesture events, an imported file) may be
/// before the host acts on it. A value beyond these is one no device or file could mean (a
/// position of 1e30 mm, a NaN): the message or line carrying it is rejected and counted, never
/// passed on. docs/reliability.md, "Untrusted values".
public enum PlausibleValues {
    /// Furthest a position may lie from the panel's corner, in mm, on either side: 100 m, beyond
    /// any panel (the wire's own device info stops at 6553.5 mm).
    public static let farthestPosition: Float = 100_000
    /// Largest magnitude of any other value: mm, mm/s, a scale, radians, rad/s, a score.
    public static let largestValue: Float = 1_000_000_000

    public static func isPosition(_ value: Float) -> Bool { value.isFinite && abs(value) <= farthestPosition }
    public static func isPosition(_ point: PanelPoint) -> Bool { isPosition(point.x) && isPosition(point.y) }
    public static func isValue(_ value: Float) -> Bool { value.isFinite && abs(value) <= largestValue }
    public static func isValue(_ point: PanelPoint) -> Bool { isValue(point.x) && isValue(point.y) }
    /// A length, a radius, a scale: a value that is never negative.
    public static func isMagnitude(_ value: Float) -> Bool { isValue(value) && value >= 0 }
}

extension TouchEventRecord {
    /// Whether every number in it is one a controller could mean: positions finite and within
    /// `PlausibleValues.farthestPosition`.
    public var hasPlausibleValues: Bool {
        PlausibleValues.isPosition(touch.position) && PlausibleValues.isPosition(touch.startPosition)
    }
}

extension GestureEvent {
    /// Whether every number in it is one a controller could mean: its location a position, every
    /// value finite and in range, lengths, radii and scales not negative, durations not negative.
    public var hasPlausibleValues: Bool {
        let v = values
        return PlausibleValues.isPosition(location) && v.duration >= 0
            && PlausibleValues.isValue(v.translation) && PlausibleValues.isValue(v.velocity)
            && PlausibleValues.isMagnitude(v.scale) && PlausibleValues.isValue(v.scalarVelocity)
            && PlausibleValues.isValue(v.rotation) && PlausibleValues.isValue(v.vertex)
            && PlausibleValues.isValue(v.center) && PlausibleValues.isMagnitude(v.radius)
            && PlausibleValues.isMagnitude(v.length) && PlausibleValues.isValue(v.score)
    }
}
