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
        Array(frameSequence(controllerId: controllerId))
    }

    /// The same frames made one at a time, as a replay takes them: a frame is far larger than
    /// the sample it carries, so a long log's frames are never all held.
    public func frameSequence(controllerId: UInt8 = 0) -> Frames { Frames(samples: samples, controllerId: controllerId) }

    /// The frames of `frameSequence`.
    public struct Frames: Sequence, IteratorProtocol, Sendable {
        let samples: [StrokeSample]
        let controllerId: UInt8
        private var index = 0

        init(samples: [StrokeSample], controllerId: UInt8) {
            self.samples = samples
            self.controllerId = controllerId
        }

        public mutating func next() -> ContactFrame? {
            guard index <= samples.count, let last = samples.last else { return nil }
            defer { index += 1 }
            guard index < samples.count else {
                var lift = ContactFrame(timestamp: last.time)
                lift.add(ReportedContact(controllerId: controllerId, state: .up, position: last.position))
                return lift
            }
            var frame = ContactFrame(timestamp: samples[index].time)
            frame.add(ReportedContact(controllerId: controllerId, state: index == 0 ? .down : .move, position: samples[index].position))
            return frame
        }
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

    public static func load(path: String, millimetresPerPixel: Float = defaultMillimetresPerPixel) throws -> UnistrokeLog {
        try parse(try InputFile.wholeText(path, what: "a $1 log"), file: path, millimetresPerPixel: millimetresPerPixel)
    }

    /// The latest time a point may have after the first, in µs: as for scripts, far inside 64 bits.
    public static let latestTime: Microseconds = Int64.max / 4

    /// Reads one log. A point must have numeric `X`, `Y` (pixels, finite, and within
    /// `PlausibleValues.farthestPosition` once in mm) and `T` (whole milliseconds that never go back,
    /// at most `latestTime` after the first point); any other point is an error naming the file and
    /// line, quoting at most `DisplayText.excerptLength` characters of the bad value.
    public static func parse(_ text: String, file: String, millimetresPerPixel: Float = defaultMillimetresPerPixel) throws -> UnistrokeLog {
        guard millimetresPerPixel.isFinite, millimetresPerPixel > 0 else {
            throw ImportError(file: file, message: "millimetres per pixel must be a number above 0, not \(millimetresPerPixel)")
        }
        var log: UnistrokeLog?
        var firstTime: Int64?
        var lastTime: Int64?
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
                guard let xText = attributes["X"], let yText = attributes["Y"], let tText = attributes["T"],
                    let x = Double(xText), let y = Double(yText)
                else {
                    throw ImportError(file: file, line: line, message: "<Point> needs numeric X, Y and T")
                }
                func position(_ pixels: Double, _ name: String, _ text: String) throws -> Float {
                    let millimetres = pixels * Double(millimetresPerPixel)
                    guard millimetres.isFinite, abs(millimetres) <= Double(PlausibleValues.farthestPosition) else {
                        throw ImportError(
                            file: file, line: line,
                            message: "<Point> \(name)=\"\(DisplayText.excerpt(text))\" is not a position on a panel "
                                + "(pixels within \(Int(PlausibleValues.farthestPosition)) mm of the corner)")
                    }
                    return Float(millimetres)
                }
                let point = PanelPoint(x: try position(x, "X", xText), y: try position(y, "Y", yText))
                guard let t = Int64(tText) else {
                    let digits = tText.drop { $0 == "-" || $0 == "+" }
                    let what = !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) } ? "is out of range" : "is not whole milliseconds"
                    throw ImportError(file: file, line: line, message: "<Point> T=\"\(DisplayText.excerpt(tText))\" \(what)")
                }
                if let lastTime, t < lastTime {
                    throw ImportError(file: file, line: line, message: "<Point> T=\"\(t)\" goes back (the point before is at \(lastTime))")
                }
                lastTime = t
                let start = firstTime ?? t
                firstTime = start
                // t >= start here, but their difference may still not fit, nor its microseconds.
                let (elapsed, late) = t.subtractingReportingOverflow(start)
                let (time, later) = elapsed.multipliedReportingOverflow(by: 1000)
                guard !late, !later, time <= latestTime else {
                    throw ImportError(
                        file: file, line: line,
                        message: "<Point> T=\"\(t)\" is out of range (at most \(latestTime / 1000) ms after the first point)")
                }
                samples.append(StrokeSample(position: point, time: time))
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
    /// comments and end tags; found one at a time (a file of `<a>` is millions of tags).
    private static func tags(in text: String) -> TagScanner { TagScanner(rest: text[...]) }

    private struct TagScanner: Sequence, IteratorProtocol {
        var rest: Substring
        var line = 1

        mutating func next() -> Tag? {
            while let open = rest.firstIndex(of: "<") {
                line += rest[..<open].count(where: isLineEnd)
                let afterOpen = rest.index(after: open)
                let close = rest[afterOpen...].firstIndex(of: ">") ?? rest.endIndex
                let inside = rest[afterOpen..<close]
                let tagLine = line
                line += inside.count(where: isLineEnd)
                rest = close < rest.endIndex ? rest[rest.index(after: close)...] : rest[rest.endIndex...]
                if let first = inside.first, first.isLetter {
                    let name = inside.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    return Tag(name: name, body: inside[name.endIndex...], line: tagLine)
                }
            }
            return nil
        }
    }

    /// LF, or CRLF (one Character in Swift).
    private static func isLineEnd(_ character: Character) -> Bool { character == "\n" || character == "\r\n" }

    private static func attributesOf(_ body: Substring, file: String, line: Int) throws -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = body
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            guard !rest.isEmpty else { return attributes }
            let key = rest.prefix { $0 != "=" && !$0.isWhitespace }
            rest = rest[key.endIndex...].drop { $0.isWhitespace }
            guard rest.first == "=" else {
                throw ImportError(file: file, line: line, message: "attribute \(DisplayText.excerpt(key)) has no value")
            }
            rest = rest.dropFirst().drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'" else {
                throw ImportError(file: file, line: line, message: "attribute \(DisplayText.excerpt(key)) is not quoted")
            }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else {
                throw ImportError(file: file, line: line, message: "attribute \(DisplayText.excerpt(key)) is not closed")
            }
            attributes[String(key)] = String(rest[..<end])
            rest = rest[rest.index(after: end)...]
        }
    }
}
