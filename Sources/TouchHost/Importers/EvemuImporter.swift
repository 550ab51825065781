import TouchCore

/// Reads evemu recordings of Linux touch devices into tracker input, with exactly the touches the
/// kernel reported: multitouch protocol B (slots), protocol A (`SYN_MT_REPORT`, with or without
/// tracking ids) and single-touch devices (`ABS_X`/`ABS_Y` with `BTN_TOUCH`); the rules are in
/// `EvemuFrameDecoder` and docs/strokes.md. Positions become millimetres by the axis resolution,
/// or, where the device reports none, by the panel `size` given by the caller, or else by an
/// assumed size that `Recording.warnings` names (`PositionScale`).
public struct EvemuImporter: Sendable {
    /// The panel's size in mm, for devices whose axes carry no resolution.
    public var size: PanelSize?

    public init(size: PanelSize? = nil) {
        self.size = size
    }

    public struct Recording: Sendable {
        public var device: EvemuDevice
        public var frames: [ContactFrame]
        public var protocolKind: ProtocolKind
        /// The panel in mm that the positions span: from the resolution, the size given, or assumed.
        public var panel: PanelSize
        /// Touches were still down when the recording stopped (at `endTime`).
        public var endsWithTouchesDown: Bool
        /// The time of the recording's last event, from its first, in µs.
        public var endTime: Microseconds
        /// One line each, for the user: an assumed panel size, dropped events.
        public var warnings: [String]
    }

    public enum ProtocolKind: String, Sendable {
        case slots = "B"
        case anonymous = "A"
        case singleTouch = "single-touch"
    }

    /// The description that belongs to an events file recorded separately: the sibling `.desc` or
    /// `.prop` whose name is the longest start of the events file's name that ends before a dot,
    /// a space, `-` or `_` (`Dev.2-fingers.events` -> `Dev.desc`, `wetab.event` -> `wetab.prop`,
    /// `Pad Finger double-tap.events` -> `Pad Finger.desc`).
    public static func descriptionFile(for events: String) -> String? {
        let (folder, eventsName) = FileStatus.split(events)
        let stem = withoutExtension(eventsName)
        var best: (name: String, stem: Substring)?
        for name in FileStatus.names(in: folder) {
            let kind = fileExtension(name)
            guard kind == "desc" || kind == "prop" else { continue }
            let candidate = withoutExtension(name)
            guard !candidate.isEmpty, stem.hasPrefix(candidate) else { continue }
            let rest = stem.dropFirst(candidate.count)
            guard rest.isEmpty || [".", " ", "-", "_"].contains(rest.first!) else { continue }
            // The longest match wins; between a .desc and a .prop of one name, the .desc.
            if let chosen = best {
                if candidate.count < chosen.stem.count { continue }
                if candidate.count == chosen.stem.count && !(kind == "desc" && chosen.name.hasSuffix(".prop")) { continue }
            }
            best = (name, candidate)
        }
        return best.map { folder == "." && !events.hasPrefix("./") ? $0.name : "\(folder == "/" ? "" : folder)/\($0.name)" }
    }

    /// A file name's text after its last dot; empty without one.
    private static func fileExtension(_ name: String) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...]
    }

    /// A file name without its last dot and what follows.
    private static func withoutExtension(_ name: String) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name[...] }
        return name[..<dot]
    }

    /// Imports `events`, taking the device description from `description` when given, else from
    /// the events file itself when it has `A:` lines, else from `descriptionFile(for:)`.
    public func load(events: String, description: String? = nil) throws -> Recording {
        try load(eventsText: try Self.read(events), of: events, description: description)
    }

    /// Imports events already read from the file `events` (`replay` reads every file once, bounded).
    public func load(eventsText: String, of events: String, description: String? = nil) throws -> Recording {
        var device = EvemuDevice()
        let hasAxes = eventsText.split(separator: "\n").contains { $0.hasPrefix("A:") }
        let descriptionPath = description ?? (hasAxes ? nil : Self.descriptionFile(for: events))
        if let descriptionPath {
            try Self.readDescription(try Self.read(descriptionPath), file: descriptionPath, into: &device)
        }
        return try parse(eventsText, file: events, device: device)
    }

    /// Reads a description on its own (`.desc`/`.prop`).
    public static func loadDescription(_ path: String) throws -> EvemuDevice {
        var device = EvemuDevice()
        try readDescription(try read(path), file: path, into: &device)
        return device
    }

    static func read(_ path: String) throws(HostFailure) -> String { try InputFile.wholeText(path) }

    static func readDescription(_ text: String, file: String, into device: inout EvemuDevice) throws {
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            _ = try device.read(line.trimmed, file: file, lineNumber: offset + 1)
        }
    }

    /// Parses events (with or without description lines) for `device`.
    public func parse(_ text: String, file: String, device knownDevice: EvemuDevice = EvemuDevice()) throws -> Recording {
        var device = knownDevice
        var events: [EvemuEvent] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmed
            if try device.read(line, file: file, lineNumber: lineNumber) { continue }
            guard line.hasPrefix("E:") else { continue }
            events.append(try EvemuEvent(line, file: file, lineNumber: lineNumber))
        }
        guard !events.isEmpty else { throw ImportError(file: file, message: "no `E:` event lines") }
        let scale = try PositionScale(device: device, size: size, file: file)
        var decoder = EvemuFrameDecoder(
            scale: scale, protocolKind: Self.protocolKind(of: events), start: .firstReported(in: events))
        for event in events { decoder.consume(event) }
        var warnings: [String] = []
        if let assumption = scale.assumption { warnings.append("\(file): \(assumption)") }
        if decoder.dropMarkers > 0 {
            let times = decoder.dropMarkers == 1 ? "once" : "\(decoder.dropMarkers) times"
            warnings.append("\(file): the kernel dropped events (SYN_DROPPED) \(times); what was lost cannot be replayed")
        }
        return Recording(
            device: device, frames: decoder.frames, protocolKind: decoder.protocolKind, panel: scale.panel,
            endsWithTouchesDown: decoder.endsWithTouchesDown, endTime: decoder.lastTime, warnings: warnings)
    }

    /// The protocol the events speak (not the axes the description lists: a multitouch device's
    /// recording may carry single-touch events only): slot changes are protocol B, else
    /// `SYN_MT_REPORT` is protocol A, else tracking ids are protocol B (a device that only ever
    /// used slot 0), else `BTN_TOUCH` and `ABS_X`/`ABS_Y` are a single touch.
    static func protocolKind(of events: [EvemuEvent]) -> ProtocolKind {
        func has(_ type: Int, _ code: Int) -> Bool { events.contains { $0.type == type && $0.code == code } }
        if has(EvemuEvent.absType, EvemuEvent.absMTSlot) { return .slots }
        if has(EvemuEvent.synType, EvemuEvent.synMTReport) { return .anonymous }
        if has(EvemuEvent.absType, EvemuEvent.absMTTrackingId) { return .slots }
        return .singleTouch
    }
}
