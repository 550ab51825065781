import TouchCore

/// The live view as text: `render` lays a `MonitorState` out on a `width` x `height` screen, one
/// string per row, each exactly `width` characters. The terminal driver adds colour by row style.
public enum MonitorScreen {
    public enum Style: Sendable { case plain, header, banner, footer }

    public struct Row: Equatable, Sendable {
        public var text: String
        public var style: Style
    }

    static let sidebarWidth = 46

    public static func render(_ state: MonitorState, width: Int, height: Int) -> [Row] {
        guard width > 0, height > 0 else { return [] }
        var rows: [Row] = []
        rows.append(Row(text: header(state), style: .header))
        for banner in state.banners.suffix(2).reversed() { rows.append(Row(text: " !! " + banner.text + " !! ", style: .banner)) }
        let bodyHeight = max(0, height - rows.count - 1)
        let sideBySide = width >= 80
        let mapWidth = sideBySide ? width - sidebarWidth - 1 : width
        let side = sidebar(state, height: sideBySide ? bodyHeight : 0)
        var mapHeight = sideBySide ? bodyHeight : max(3, bodyHeight - 6)
        if !sideBySide { mapHeight = min(mapHeight, bodyHeight) }
        let map = mapLines(state, maxColumns: mapWidth, maxRows: mapHeight)
        for index in 0..<bodyHeight {
            var text = index < map.count ? map[index] : ""
            if sideBySide {
                text = fit(text, mapWidth) + " " + (index < side.count ? side[index] : "")
            } else if index >= map.count {
                let compact = compactCounters(state)
                text = index - map.count < compact.count ? compact[index - map.count] : ""
            }
            rows.append(Row(text: text, style: .plain))
        }
        rows.append(Row(text: footer(state), style: .footer))
        return rows.prefix(height).map { Row(text: fit($0.text, width), style: $0.style) }
    }

    /// Just the text, for tests and logs.
    public static func lines(_ state: MonitorState, width: Int, height: Int) -> [String] {
        render(state, width: width, height: height).map(\.text)
    }

    static func header(_ state: MonitorState) -> String {
        let port = DisplayText.escaped(state.port)
        guard let info = state.info else { return " touchhost monitor  \(port)  waiting for the device..." }
        let size = info.panelSize
        let version = info.firmwareVersion
        return " \(info.boardNameText)  fw \(version.major).\(version.minor).\(version.patch)  "
            + "\(DecimalText.format(size.x, places: 1)) x \(DecimalText.format(size.y, places: 1)) mm  "
            + "grid \(info.columns)x\(info.rows)  \(info.reportRate) Hz  \(port) \(state.link)"
    }

    static func footer(_ state: MonitorState) -> String {
        let view = state.showsHeatmap ? "m map" : "h heatmap"
        return " q quit  \(view)  c clear   t \(DecimalText.fixed(Double(state.lastEventTime) / 1_000_000, places: 3)) s"
    }

    static func mapLines(_ state: MonitorState, maxColumns: Int, maxRows: Int) -> [String] {
        guard maxColumns >= 3, maxRows >= 3 else { return [] }
        let size = state.info?.panelSize ?? PanelPoint(x: 345, y: 194)
        var map = PanelMap(panelWidth: size.x, panelHeight: size.y, maxColumns: maxColumns, maxRows: maxRows)
        if state.showsHeatmap { shade(&map, with: state.heatmap) }
        for touch in state.touches {
            for point in touch.trail.dropLast() { map.put(touch.endedAt == nil ? "." : ",", at: point) }
        }
        for touch in state.touches {
            map.put(touch.endedAt == nil ? slotMark(touch.slot) : "x", at: touch.position)
            map.label("#\(touch.trackingId)", after: touch.position)
        }
        return map.lines
    }

    static func shade(_ map: inout PanelMap, with grid: HeatmapGrid) {
        guard !grid.isEmpty else { return }
        let peak = grid.peak
        for row in 0..<map.rows {
            for column in 0..<map.columns {
                let node = grid.value(row: row * grid.rows / map.rows, column: column * grid.columns / map.columns)
                map.put(HeatmapGrid.shade(node, peak: peak), column: column, row: row)
            }
        }
    }

    /// Slot 0 is `0`, ... slot 9 `9`, then letters.
    static func slotMark(_ slot: UInt8) -> Character {
        slot < 10 ? Character(String(slot)) : Character(UnicodeScalar(UInt8(ascii: "A") + min(slot - 10, 25)))
    }

    static func sidebar(_ state: MonitorState, height: Int) -> [String] {
        guard height > 0 else { return [] }
        let live = state.touches.filter { $0.endedAt == nil }
        // With a screen (`--screen`) the list gives pixels, what the kiosk draws in; the map stays in mm.
        let onScreen = live.contains { $0.screen != nil }
        var lines: [String] = ["TOUCHES  slot  id      " + (onScreen ? "x px     y px" : "x mm     y mm")]
        if live.isEmpty { lines.append("  (none)") }
        for touch in live.prefix(6) {
            let x = touch.screen?.x ?? Double(touch.position.x), y = touch.screen?.y ?? Double(touch.position.y)
            lines.append("         \(String(touch.slot).padded(to: 4))  \(String(touch.trackingId).padded(to: 4))  "
                + "\(DecimalText.fixed(x, places: 1).padded(to: 7))  \(DecimalText.fixed(y, places: 1).padded(to: 7))")
        }
        lines.append("")
        lines.append(contentsOf: counterLines(state))
        lines.append("")
        lines.append("GESTURES")
        let room = max(0, height - lines.count)
        if state.gestures.isEmpty { lines.append("  (none yet)") }
        // One column of the time's padding goes; never a digit (1234.567 s is eight wide).
        lines.append(contentsOf: state.gestures.prefix(room).map { $0.first == " " ? String($0.dropFirst()) : $0 })
        return lines
    }

    static func counterLines(_ state: MonitorState) -> [String] {
        let c = state.counters
        return [
            "COUNTERS",
            "  frames \(String(c.frames).padded(to: 9))   bytes  \(String(c.bytes).padded(to: 10))",
            "  crc    \(String(c.crcErrors).padded(to: 9))   resync \(String(c.resyncs).padded(to: 10))",
            "  lost   \(String(c.framesLost).padded(to: 9))   reconn \(String(c.reconnects).padded(to: 10))",
        ]
    }

    static func compactCounters(_ state: MonitorState) -> [String] {
        let c = state.counters
        return ["frames \(c.frames) bytes \(c.bytes) crc \(c.crcErrors) resync \(c.resyncs) lost \(c.framesLost) reconn \(c.reconnects)"]
            + state.gestures.prefix(4)
    }

    /// Cut or pad to exactly `width` characters.
    static func fit(_ text: String, _ width: Int) -> String {
        let count = text.count
        if count == width { return text }
        if count > width { return String(text.prefix(width)) }
        return text + String(repeating: " ", count: width - count)
    }
}

extension DeviceInfo {
    /// The board name as the device sent it (bytes that are no UTF-8 become U+FFFD).
    public var boardNameRaw: String {
        String(decoding: (0..<boardName.count).map { boardName[$0] }, as: UTF8.self)
    }

    /// The board name to show: a device can send any 16 bytes, so control characters and escape
    /// sequences are escaped (`DisplayText`).
    public var boardNameText: String { DisplayText.escaped(boardNameRaw) }
}
