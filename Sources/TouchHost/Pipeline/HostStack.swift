import TouchCore

/// Builds the host's pipeline for one input: its tracker settings and the recognizers named.
public enum HostStack {
    /// `screen`: where its events are placed in pixels too (contracts.md section 5).
    public static func pipeline(
        recognizers: RecognizerSelection, tracker configuration: TrackerConfiguration, panel: PanelSize,
        screen: ScreenSetting? = nil, templates: TemplateStore = TemplateStore(), sink: @escaping (HostEvent) -> Void
    ) -> Pipeline {
        Pipeline(
            tracker: configuration, recognizers: RecognizerSet(recognizers, panel: panel, templates: templates), screen: screen,
            sink: sink)
    }

    /// The pipeline for a streaming controller that described itself with `info`.
    public static func pipeline(
        recognizers: RecognizerSelection, for info: DeviceInfo, screen: ScreenSetting? = nil, palms: PalmPolicy = .suppress,
        sink: @escaping (HostEvent) -> Void
    ) -> Pipeline {
        let size = info.panelSize
        return pipeline(
            recognizers: recognizers, tracker: info.trackerConfiguration().with(palms: palms),
            panel: PanelSize(width: size.x, height: size.y), screen: screen, sink: sink)
    }
}

extension DeviceInfo {
    /// The tracker for this device: as many slots as it says it tracks (`maxContacts`, within
    /// 1...20), timed by its report rate or by `reportRateHz` where the host chose another.
    public func trackerConfiguration(reportRateHz: Int? = nil) -> TrackerConfiguration {
        TrackerConfiguration(capacity: Int(maxContacts), reportRateHz: reportRateHz ?? max(Int(reportRate), 1))
    }
}

extension PalmPolicy {
    /// The names `--palms` accepts (contracts.md section 7).
    public static let names = ["suppress", "report"]

    public init?(name: String) {
        switch name {
        case "suppress": self = .suppress
        case "report": self = .report
        default: return nil
        }
    }
}

extension RecognizerSelection {
    var kioskSelection: KioskSelection {
        var selection = KioskSelection()
        for raw in 0..<UInt8(KioskRecognizer.count) {
            guard let recognizer = KioskRecognizer(rawValue: raw), names.contains(recognizer.nameText) else { continue }
            selection.insert(recognizer)
        }
        return selection
    }

    /// The names of the recognizers an engine built from this selection holds, by index: what
    /// a gesture event's `recognizer` refers to. Kinds not built in yet are left out by the engine.
    public var engineNames: [String] {
        RecognizerSet(self, panel: PanelSize(width: 345, height: 194)).names
    }
}

extension KioskRecognizer {
    var nameText: String { name.text }
}

extension StaticString {
    var text: String { withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
}

extension DeviceInfo {
    /// `kiosk-15, 345.0 x 194.0 mm, 120 reports/s, firmware 0.1.0`; the board name escaped.
    public var summary: String {
        "\(boardNameText), \(summaryPanel), "
            + "\(reportRate) reports/s, firmware \(firmwareVersion.major).\(firmwareVersion.minor).\(firmwareVersion.patch)"
    }

    /// `345.0 x 194.0 mm`
    public var summaryPanel: String {
        let size = panelSize
        return "\(DecimalText.format(size.x, places: 1)) x \(DecimalText.format(size.y, places: 1)) mm"
    }
}
