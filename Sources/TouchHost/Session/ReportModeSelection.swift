import TouchCore

extension ReportMode {
    /// The names `monitor --mode` accepts.
    public static let names = ["contacts", "heatmap", "both", "gestures"]

    public init?(name: String) {
        switch name {
        case "contacts": self = .contacts
        case "heatmap": self = .heatmap
        case "both": self = .both
        case "gestures": self = .gestures
        default: return nil
        }
    }
}

extension DeviceSession {
    /// The names `monitor --mode` accepts.
    public static var reportModeNames: [String] { ReportMode.names }

    /// Asks the device for the mode named `name` after the handshake; a mode its info does not list
    /// is refused here, with the port's name, rather than left to a silent device.
    public func selectMode(named name: String) throws(LinkError) {
        guard let mode = ReportMode(name: name), let info, info.supportedModes.supports(mode) else {
            throw LinkError(port: link.name, cause: .other("the device does not offer \(name) mode"))
        }
        post(.setMode(mode))
        if mode == .gestures { listenUpstream() }
    }
}
