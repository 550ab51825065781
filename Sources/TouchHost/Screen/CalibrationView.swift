import TouchCore

/// `calibrate` on a terminal: the screen's outline scaled to the terminal, targets done as `o`,
/// the one to touch as `+` with its number, and the latest prompt or result below.
public enum CalibrationView {
    public static func render(
        screen: ScreenSize, targets: [ScreenPoint], current: Int, header: String, message: String,
        width: Int, height: Int
    ) -> [MonitorScreen.Row] {
        var map = PanelMap(
            panelWidth: Float(screen.width), panelHeight: Float(screen.height),
            maxColumns: max(width - 2, 10), maxRows: max(height - 6, 4))
        for target in targets.prefix(current) { map.put("o", at: place(target)) }
        if current < targets.count {
            map.put("+", at: place(targets[current]))
            map.label(" \(current + 1)", after: place(targets[current]))
        }
        var rows = [MonitorScreen.Row(text: header, style: .header)]
        rows += map.lines.map { MonitorScreen.Row(text: $0, style: .plain) }
        rows.append(MonitorScreen.Row(text: message, style: .banner))
        rows.append(MonitorScreen.Row(text: "Ctrl-C stops without writing a file", style: .footer))
        return rows
    }

    /// The map is drawn in pixels as if they were millimetres: only the proportions matter.
    private static func place(_ point: ScreenPoint) -> PanelPoint { PanelPoint(x: Float(point.x), y: Float(point.y)) }
}
