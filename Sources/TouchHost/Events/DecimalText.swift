/// Numbers for the event stream, the same on every machine and locale: rounded half away from zero
/// to at most `places` decimals, trailing zeros dropped but one decimal always kept (`120.0`,
/// `1.8`), and never `-0.0`.
///
/// Any value is formatted, never trapped on: whole numbers too large for 64 bits are written in
/// the shortest exponent form that gives the value back (`1e+30`, still a JSON number), and a value
/// that is not a number at all (NaN, infinity) as `0.0`. The inputs are checked where they enter
/// (docs/reliability.md, "Untrusted values"), so these are a last line of defence, not a meaning.
public enum DecimalText {
    public static func format(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0.0" }
        let places = min(max(places, 0), maximumPlaces)
        let scale = Self.scale(places)
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e15 else { return whole(value, shortest: value.description) }
        let units = Int64(scaled)
        let divisor = Int64(scale)
        let whole = units / divisor
        var fraction = places == 0 ? "0" : String(units % divisor)
        fraction = String(repeating: "0", count: max(places - fraction.count, 0)) + fraction
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        if fraction.isEmpty { fraction = "0" }
        let sign = value < 0 && units != 0 ? "-" : ""
        return "\(sign)\(whole).\(fraction)"
    }

    /// A Float's very large values keep the Float's own shortest form (`1e+30`, not the digits of
    /// its nearest Double).
    public static func format(_ value: Float, places: Int) -> String {
        let wide = Double(value)
        if wide.isFinite, (abs(wide) * scale(places)).rounded(.toNearestOrAwayFromZero) >= 9.0e15 {
            return whole(wide, shortest: value.description)
        }
        return format(wide, places: places)
    }

    /// Exactly `places` decimals, for columns people read: `0.060`. Exponent forms stay as they are.
    public static func fixed(_ value: Double, places: Int) -> String {
        var text = format(value, places: places)
        if text.contains("e") { return text }
        let decimals = text.split(separator: ".").last?.count ?? 0
        if places > decimals { text += String(repeating: "0", count: places - decimals) }
        return places <= 0 ? String(text.prefix { $0 != "." }) : text
    }

    /// More decimals than a Float or an event's precision has; more are taken as this many.
    static let maximumPlaces = 9

    private static func scale(_ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<min(max(places, 0), maximumPlaces) { scale *= 10 }
        return scale
    }

    /// A finite value with no fraction worth writing: its digits while they fit 64 bits, else `shortest`.
    private static func whole(_ value: Double, shortest: String) -> String {
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        guard abs(rounded) < 9.0e18 else { return shortest }
        return String(Int64(rounded)) + ".0"
    }
}
