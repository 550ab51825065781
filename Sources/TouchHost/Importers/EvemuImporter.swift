import Foundation
import TouchCore

/// Reads evemu recordings of Linux touch devices into tracker input. Handles multitouch protocol B
/// (slots: full frames built from slot state, `controllerId` = slot), protocol A (`SYN_MT_REPORT`:
/// anonymous contacts) and single-touch devices (`ABS_X`/`ABS_Y` with `BTN_TOUCH`). Positions
/// become millimetres by the axis resolution, or, where the device reports none, by the panel
/// `size` given by the caller.
public struct EvemuImporter: Sendable {
    /// The panel's size in mm, for devices whose axes carry no resolution.
    public var size: (width: Float, height: Float)?

    public init(size: (width: Float, height: Float)? = nil) {
        self.size = size
    }

    public struct Recording: Sendable {
        public var device: EvemuDevice
        public var frames: [ContactFrame]
        public var protocolKind: ProtocolKind
    }

    public enum ProtocolKind: String, Sendable {
        case slots = "B"
        case anonymous = "A"
        case singleTouch = "single-touch"
    }

    /// The description that belongs to an events file recorded separately: the sibling whose name
    /// is the events file's name up to some dot, with `.desc` or `.prop`
    /// (`Dev.2-fingers.events` -> `Dev.desc`, `wetab.event` -> `wetab.prop`).
    public static func descriptionFile(for events: URL) -> URL? {
        let folder = events.deletingLastPathComponent()
        var stem = events.deletingPathExtension().lastPathComponent
        while true {
            for ext in ["desc", "prop"] {
                let candidate = folder.appendingPathComponent(stem + "." + ext)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            }
            guard let dot = stem.lastIndex(of: ".") else { return nil }
            stem = String(stem[..<dot])
        }
    }

    /// Imports `events`, taking the device description from `description` when given, else from
    /// the events file itself when it has `A:` lines, else from `descriptionFile(for:)`.
    public func load(events: URL, description: URL? = nil) throws -> Recording {
        let eventsText = try Self.read(events)
        var device = EvemuDevice()
        let descriptionURL = description ?? (eventsText.contains("\nA:") || eventsText.hasPrefix("A:") ? nil : Self.descriptionFile(for: events))
        if let descriptionURL {
            try Self.readDescription(try Self.read(descriptionURL), file: descriptionURL.path, into: &device)
        }
        return try parse(eventsText, file: events.path, device: device)
    }

    /// Reads a description on its own (`.desc`/`.prop`).
    public static func loadDescription(_ url: URL) throws -> EvemuDevice {
        var device = EvemuDevice()
        try readDescription(try read(url), file: url.path, into: &device)
        return device
    }

    static func read(_ url: URL) throws -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ImportError(file: url.path, message: "cannot read: \(error.localizedDescription)")
        }
    }

    static func readDescription(_ text: String, file: String, into device: inout EvemuDevice) throws {
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            _ = try device.read(line.trimmingCharacters(in: .whitespacesAndNewlines)[...], file: file, lineNumber: offset + 1)
        }
    }

    /// Parses events (with or without description lines) for `device`.
    public func parse(_ text: String, file: String, device knownDevice: EvemuDevice = EvemuDevice()) throws -> Recording {
        var device = knownDevice
        var events: [EvemuEvent] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)[...]
            if try device.read(line, file: file, lineNumber: lineNumber) { continue }
            guard line.hasPrefix("E:") else { continue }
            events.append(try EvemuEvent(line, file: file, lineNumber: lineNumber))
        }
        guard !events.isEmpty else { throw ImportError(file: file, message: "no `E:` event lines") }
        let scale = try PositionScale(device: device, size: size, file: file)
        var decoder = EvemuFrameDecoder(scale: scale, protocolKind: Self.protocolKind(of: events, device: device))
        for event in events { decoder.consume(event) }
        return Recording(device: device, frames: decoder.frames, protocolKind: decoder.protocolKind)
    }

    static func protocolKind(of events: [EvemuEvent], device: EvemuDevice) -> ProtocolKind {
        if events.contains(where: { $0.type == EvemuEvent.synType && $0.code == EvemuEvent.synMTReport }) { return .anonymous }
        if device.axes[EvemuEvent.absMTSlot] != nil || device.axes[EvemuEvent.absMTTrackingId] != nil
            || events.contains(where: { $0.type == EvemuEvent.absType && ($0.code == EvemuEvent.absMTSlot || $0.code == EvemuEvent.absMTTrackingId) })
        {
            return .slots
        }
        return .singleTouch
    }
}
