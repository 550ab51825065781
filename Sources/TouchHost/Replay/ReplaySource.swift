import TouchCore

/// The recording and script formats `replay` reads.
public enum ReplayFormat: String, CaseIterable, Sendable {
    case auto, script, threc, evemu, unistroke

    /// The format a file's name or first bytes suggest.
    public static func detect(path: String, text: String) -> ReplayFormat {
        let lower = path.lowercased()
        if lower.hasSuffix(".touch") { return .script }
        if lower.hasSuffix(".threc") { return .threc }
        if lower.hasSuffix(".events") || lower.hasSuffix(".event") || lower.hasSuffix(".evemu") { return .evemu }
        if lower.hasSuffix(".xml") { return .unistroke }
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if start.hasPrefix("<") { return .unistroke }
        if start.hasPrefix("# EVEMU") || start.hasPrefix("E:") || start.hasPrefix("N:") { return .evemu }
        return .script
    }
}

/// What an importer needs beyond the file.
public struct ImportOptions: Sendable {
    /// `--desc`: an evemu device description kept in its own file.
    public var description: String?
    /// `--size WxH`: the panel size in mm for devices that report no resolution.
    public var size: PanelSize?
    /// `--px-mm`: millimetres per pixel for unistroke logs.
    public var millimetresPerPixel: Float?

    public init(description: String? = nil, size: PanelSize? = nil, millimetresPerPixel: Float? = nil) {
        self.description = description
        self.size = size
        self.millimetresPerPixel = millimetresPerPixel
    }
}

/// One input of `replay`, loaded: everything the pipeline will be fed, in time order.
public struct ReplaySource: Sendable {
    public var name: String
    /// What the pipeline is fed, in time order: an importer's array, or a script's reports, which
    /// are made as the replay takes them (`IdealReports`) so a long script never sits in memory.
    public var items: any Sequence<ReplayItem> & Sendable
    /// A recording of a live link, replayed through the device session rather than as `items`.
    public var recording: Recording?
    /// The tracker's settings for this source: its report rate and what a silence means
    /// (contracts.md section 6): a script plays a streaming controller, an evdev recording or a
    /// pen log is event-driven.
    public var tracker: TrackerConfiguration
    public var panel: PanelSize
    /// Said once on standard error before the replay: what the importer had to assume (a panel
    /// size the device does not report) or could not replay.
    public var warnings: [String] = []

    /// The rate the reports were made at.
    public var reportRate: Int { tracker.reportRateHz }

    public init(name: String, items: [ReplayItem], tracker: TrackerConfiguration, panel: PanelSize) {
        self.init(name: name, items: items as any Sequence<ReplayItem> & Sendable, tracker: tracker, panel: panel)
    }

    /// A source whose items are made as they are taken, such as a script's `IdealReports`.
    public init(name: String, items: any Sequence<ReplayItem> & Sendable, tracker: TrackerConfiguration, panel: PanelSize) {
        self.name = name
        self.items = items
        self.tracker = tracker
        self.panel = panel
    }

    public init(name: String, recording: Recording) {
        self.init(
            name: name, items: [], tracker: TrackerConfiguration(reportRateHz: TouchScript.defaultReportRate),
            panel: .scriptDefault)
        self.recording = recording
    }

    public static func load(path: String, format: ReplayFormat, options: ImportOptions) throws(HostFailure) -> ReplaySource {
        // A recording is read a block at a time, never whole: it may be as long as a day at the panel.
        if format == .threc || (format == .auto && path.lowercased().hasSuffix(".threc")) {
            return try recording(path: path)
        }
        var file = try InputFile(path)
        defer { file.close() }
        let chosen = format == .auto ? ReplayFormat.detect(path: path, text: try file.head()) : format
        // A script is expanded as it is replayed, but its statements are held: its size is capped.
        let text = chosen == .script || chosen == .auto
            ? try file.text(limit: TouchScript.Limits.bytes, what: "a touch script")
            : try file.text(what: chosen == .evemu ? "an evemu recording" : "a $1 log")
        switch chosen {
        case .auto, .script:
            return try script(text, name: path)
        case .threc:
            return try recording(path: path)
        case .evemu, .unistroke:
            return try ImportedSource.load(path: path, text: text, format: chosen, options: options)
        }
    }

    /// A `.threc` recording, with what its reading could not replay as warnings.
    static func recording(path: String) throws(HostFailure) -> ReplaySource {
        let recording = try Recording.load(path: path)
        var source = ReplaySource(name: path, recording: recording)
        source.warnings = recording.warnings
        return source
    }

    public static func script(_ text: String, name: String) throws(HostFailure) -> ReplaySource {
        let script = try TouchScript.parse(text, name: name)
        let rate = script.reportRate ?? TouchScript.defaultReportRate
        let panel = script.panelSize ?? .scriptDefault
        return ReplaySource(
            name: name, items: script.idealReports(panel: panel, rate: rate), tracker: TrackerConfiguration(reportRateHz: rate),
            panel: panel)
    }
}
