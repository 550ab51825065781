import TouchCore

/// One line per event in aligned columns, for logs and pipes (as `libinput debug-events` does):
///
///     1.234s  touch    slot 0   id 3     began       100.00   60.00
///     1.301s  gesture  double-tap        recognized  100.00   60.00  taps 2
///     2.000s  status frames-lost                   count 3
///
/// Touch moves and gesture changes are left out unless `showsEveryChange`.
public struct MonitorLineFormatter: Sendable {
    public var recognizerNames: [String]
    public var showsEveryChange = false

    public init(recognizerNames: [String]) { self.recognizerNames = recognizerNames }

    public func line(for event: HostEvent) -> String? {
        let time = (DecimalText.fixed(Double(event.time) / 1_000_000, places: 3) + "s").padded(to: 10) + "  "
        switch event {
        case .touch(let touch, _, let screen):
            if (touch.phase == .moved || touch.phase == .stationary) && !showsEveryChange { return nil }
            return time + column("touch", 9) + column("slot \(touch.slot)", 9) + column("id \(touch.trackingId)", 8)
                + column(touch.phase.jsonName, 11) + position(touch.position) + ReadableEventFormatter.pixels(screen)
        case .gesture(let gesture, let screen):
            if gesture.state == .changed && !showsEveryChange { return nil }
            let name = JSONEventFormatter.name(of: gesture.recognizer, in: recognizerNames)
            var text = time + column("gesture", 9) + column(name, 17) + column(gesture.state.jsonName, 11)
                + position(gesture.location) + ReadableEventFormatter.pixels(screen)
            // One finger is the usual case; saying so would only make `grep 'touch '` find gestures.
            if gesture.touches > 1 { text += "  \(gesture.touches) touches" }
            let details = ReadableEventFormatter.details(of: gesture)
            if !details.isEmpty { text += "  " + details }
            return text
        case .status(let status):
            // "status NAME" stays one phrase, as in the readable lines scripts already grep for.
            let text = time + column("status " + status.kind.jsonName, 37) + (status.count > 0 ? "count \(status.count)" : "")
            return status.count > 0 ? text : String(text.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// The device line that opens a log.
    public static func deviceLine(port: String, info: DeviceInfo) -> String { "\(DisplayText.escaped(port)): \(info.summary)" }

    private func column(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func position(_ point: PanelPoint) -> String {
        DecimalText.fixed(Double(point.x), places: 2).padded(to: 7) + " " + DecimalText.fixed(Double(point.y), places: 2).padded(to: 7)
    }
}
