import Foundation
import TouchCore

/// One stroke from a log of the $1 unistroke recognizer study: a `<Gesture>` element with
/// `<Point X= Y= T= />` children, in stylus pixels and milliseconds.
public struct UnistrokeLog: Sendable {
    /// The `Name` attribute, e.g. `check01`; `gesture` is the same without its number.
    public var name: String
    public var gesture: String
    public var subject: String?
    public var speed: String?
    /// The log's own duration, from its `Millseconds` attribute (the study's spelling).
    public var recordedMilliseconds: Int?
    /// Positions in mm (pixels times the scale), times in microseconds from the first point.
    public var samples: [StrokeSample]

    /// The stroke as tracker input: one contact that goes down at the first point, moves through
    /// the rest and lifts where it ended. The lift is a frame of its own at the last point's time,
    /// because a lift, as in evdev, carries no position a tracker must use.
    public func contactFrames(controllerId: UInt8 = 0) -> [ContactFrame] {
        var frames: [ContactFrame] = []
        for (index, sample) in samples.enumerated() {
            var frame = ContactFrame(timestamp: sample.time)
            frame.add(ReportedContact(controllerId: controllerId, state: index == 0 ? .down : .move, position: sample.position))
            frames.append(frame)
        }
        if let last = samples.last {
            var lift = ContactFrame(timestamp: last.time)
            lift.add(ReportedContact(controllerId: controllerId, state: .up, position: last.position))
            frames.append(lift)
        }
        return frames
    }

    /// The stroke in a `StrokeBuffer`, as a recognizer would have collected it.
    public func strokeBuffer(spacing: Float = 0.25) -> StrokeBuffer {
        var buffer = StrokeBuffer(spacing: spacing)
        for (index, sample) in samples.enumerated() { buffer.append(sample, final: index == samples.count - 1) }
        return buffer
    }
}

/// Reads one $1 log file. The files are simple and regular, so a small tag scanner reads them:
/// attributes in any order, single or double quotes, a byte-order mark, and the study's own
/// spelling `Millseconds` are all accepted.
public enum UnistrokeLogImporter {
    /// The study's screen: 0.25 mm per pixel unless told otherwise (contracts: `--px-mm`).
    public static let defaultMillimetresPerPixel: Float = 0.25

    public static func load(contentsOf url: URL, millimetresPerPixel: Float = defaultMillimetresPerPixel) throws -> UnistrokeLog {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ImportError(file: url.path, message: "cannot read: \(error.localizedDescription)")
        }
        return try parse(text, file: url.path, millimetresPerPixel: millimetresPerPixel)
    }

    public static func parse(_ text: String, file: String, millimetresPerPixel: Float = defaultMillimetresPerPixel) throws -> UnistrokeLog {
        var log: UnistrokeLog?
        var firstTime: Int64?
        var samples: [StrokeSample] = []
        for tag in tags(in: text) {
            let line = tag.line
            let attributes = try attributesOf(tag.body, file: file, line: line)
            switch tag.name {
            case "Gesture":
                guard let name = attributes["Name"] else {
                    throw ImportError(file: file, line: line, message: "<Gesture> has no Name attribute")
                }
                log = UnistrokeLog(
                    name: name, gesture: String(name.prefix { !$0.isNumber }),
                    subject: attributes["Subject"], speed: attributes["Speed"],
                    recordedMilliseconds: (attributes["Millseconds"] ?? attributes["Milliseconds"]).flatMap { Int($0) },
                    samples: [])
            case "Point":
                guard log != nil else {
                    throw ImportError(file: file, line: line, message: "<Point> outside a <Gesture>")
                }
                guard let x = attributes["X"].flatMap(Double.init), let y = attributes["Y"].flatMap(Double.init),
                    let t = attributes["T"].flatMap(Int64.init)
                else {
                    throw ImportError(file: file, line: line, message: "<Point> needs numeric X, Y and T")
                }
                let start = firstTime ?? t
                firstTime = start
                let position = PanelPoint(x: Float(x) * millimetresPerPixel, y: Float(y) * millimetresPerPixel)
                samples.append(StrokeSample(position: position, time: (t - start) * 1000))
            default:
                continue
            }
        }
        guard var result = log else { throw ImportError(file: file, message: "no <Gesture> element") }
        guard !samples.isEmpty else { throw ImportError(file: file, message: "the gesture has no <Point>") }
        result.samples = samples
        return result
    }

    private struct Tag {
        var name: Substring
        var body: Substring
        /// 1-based line of the tag's `<`.
        var line: Int
    }

    /// The start tags (`<Name attr="v" ...>`), which may span lines, skipping declarations,
    /// comments and end tags.
    private static func tags(in text: String) -> [Tag] {
        var found: [Tag] = []
        var line = 1
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            line += rest[..<open].count { $0 == "\n" }
            let afterOpen = rest.index(after: open)
            let close = rest[afterOpen...].firstIndex(of: ">") ?? rest.endIndex
            let inside = rest[afterOpen..<close]
            if let first = inside.first, first.isLetter {
                let name = inside.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                found.append(Tag(name: name, body: inside[name.endIndex...], line: line))
            }
            line += inside.count { $0 == "\n" }
            rest = close < rest.endIndex ? rest[rest.index(after: close)...] : rest[rest.endIndex...]
        }
        return found
    }

    private static func attributesOf(_ body: Substring, file: String, line: Int) throws -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = body
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            guard !rest.isEmpty else { return attributes }
            let key = rest.prefix { $0 != "=" && !$0.isWhitespace }
            rest = rest[key.endIndex...].drop { $0.isWhitespace }
            guard rest.first == "=" else {
                throw ImportError(file: file, line: line, message: "attribute \(key) has no value")
            }
            rest = rest.dropFirst().drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'" else {
                throw ImportError(file: file, line: line, message: "attribute \(key) is not quoted")
            }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else {
                throw ImportError(file: file, line: line, message: "attribute \(key) is not closed")
            }
            attributes[String(key)] = String(rest[..<end])
            rest = rest[rest.index(after: end)...]
        }
    }
}
