/// Numbers for the event stream, the same on every machine and locale: rounded half away from zero
/// to at most `places` decimals, trailing zeros dropped but one decimal always kept (`120.0`,
/// `1.8`), and never `-0.0`.
public enum DecimalText {
    public static func format(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0.0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e15 else { return String(Int64(value.rounded())) + ".0" }
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

    public static func format(_ value: Float, places: Int) -> String { format(Double(value), places: places) }

    /// Exactly `places` decimals, for columns people read: `0.060`.
    public static func fixed(_ value: Double, places: Int) -> String {
        var text = format(value, places: places)
        let decimals = text.split(separator: ".").last?.count ?? 0
        if places > decimals { text += String(repeating: "0", count: places - decimals) }
        return places == 0 ? String(text.prefix { $0 != "." }) : text
    }
}
