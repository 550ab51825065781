import TouchCore

/// Builds the host's pipeline: the tracker and the recognizers for one input.
public enum HostStack {
    public static func pipeline(
        recognizers: RecognizerSelection, reportRate: Int, panel: PanelSize, sink: @escaping (HostEvent) -> Void
    ) -> Pipeline {
        let tracker = SlotTracker(configuration: TrackerConfiguration(reportRateHz: reportRate))
        return Pipeline(tracker: tracker, recognizers: nil, sink: sink)
    }

    /// The pipeline for a device that described itself with `info`.
    public static func pipeline(
        recognizers: RecognizerSelection, for info: DeviceInfo, sink: @escaping (HostEvent) -> Void
    ) -> Pipeline {
        let size = info.panelSize
        return pipeline(
            recognizers: recognizers, reportRate: max(Int(info.reportRate), 1),
            panel: PanelSize(width: size.x, height: size.y), sink: sink)
    }
}

extension DeviceInfo {
    /// `kiosk-15, 345.0 x 194.0 mm, 120 reports/s, firmware 0.1.0`
    public var summary: String {
        let size = panelSize
        let name = String(decoding: (0..<boardName.count).map { boardName[$0] }, as: UTF8.self)
        return "\(name), \(DecimalText.format(size.x, places: 1)) x \(DecimalText.format(size.y, places: 1)) mm, "
            + "\(reportRate) reports/s, firmware \(firmwareVersion.major).\(firmwareVersion.minor).\(firmwareVersion.patch)"
    }
}
