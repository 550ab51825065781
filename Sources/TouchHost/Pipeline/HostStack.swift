import TouchCore

/// Builds the host's pipeline: the tracker and the recognizers for a device.
public enum HostStack {
    public static func pipeline(
        recognizers: RecognizerSelection, reportRate: Int, panel: PanelSize, sink: @escaping (HostEvent) -> Void
    ) -> Pipeline {
        fatalError("tracker not yet merged")
    }
}
