import Glibc
import TouchCore

/// A touchhost recording (`.threc`): the raw link traffic with host timestamps, as text so it can
/// be read, diffed and trimmed by hand. Lossless: every byte in each direction, in order.
///
/// ```
/// threc 1
/// # port /dev/ttyUSB0
/// 0 > 00038101...          host time in µs since the start, direction, bytes in hex
/// 1843 < 0a0201...         `>` host to device, `<` device to host
/// ```
public struct Recording: Sendable {
    public enum Direction: Character, Sendable {
        case toDevice = ">"
        case fromDevice = "<"
    }

    public struct Chunk: Equatable, Sendable {
        public var time: Microseconds
        public var direction: Direction
        public var bytes: [UInt8]

        public init(time: Microseconds, direction: Direction, bytes: [UInt8]) {
            self.time = time
            self.direction = direction
            self.bytes = bytes
        }
    }

    public static let header = "threc 1"

    /// Where one chunk's bytes lie in `store`: a recording holds millions of chunks of a few bytes
    /// each, which as arrays of their own would cost several times the bytes themselves.
    private struct Entry: Sendable {
        var time: Microseconds
        var start: Int
        var count: Int32
        var direction: Direction
    }

    private var entries: [Entry] = []
    /// Every chunk's bytes, end to end.
    private var store: [UInt8] = []

    public init(chunks: [Chunk] = []) {
        for chunk in chunks { append(chunk) }
    }

    /// How many chunks the recording holds.
    public var count: Int { entries.count }

    public subscript(index: Int) -> Chunk {
        let entry = entries[index]
        return Chunk(time: entry.time, direction: entry.direction, bytes: Array(store[entry.start..<entry.start + Int(entry.count)]))
    }

    public func direction(at index: Int) -> Direction { entries[index].direction }

    /// When chunk `index` was read or written, without copying its bytes.
    public func time(at index: Int) -> Microseconds { entries[index].time }

    /// Every chunk, in order.
    public var chunks: [Chunk] { (0..<count).map { self[$0] } }

    public mutating func append(_ chunk: Chunk) {
        entries.append(Entry(time: chunk.time, start: store.count, count: Int32(clamping: chunk.bytes.count), direction: chunk.direction))
        store.append(contentsOf: chunk.bytes)
    }

    public static func line(for chunk: Chunk) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var hex = ""
        hex.reserveCapacity(chunk.bytes.count * 2)
        for byte in chunk.bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return "\(chunk.time) \(chunk.direction.rawValue) \(hex)"
    }

    /// Said once before a replay: what could not be replayed (a last line cut short).
    public var warnings: [String] = []

    /// The latest host time a line may carry, in µs (about 73 000 years): far past any recording,
    /// far enough inside 64 bits that the session's arithmetic on it cannot overflow.
    public static let latestTime: Microseconds = Int64.max / 4

    /// Reads a recording. Lines may end in LF or CRLF. Times are whole microseconds from 0 to
    /// `latestTime` that never decrease. A last line cut short (the file ends mid-line, as when a
    /// recorder was killed) keeps the whole bytes it has, or is dropped if it has none, with a
    /// warning; any other bad line is an error naming the file and the line, quoting at most
    /// `DisplayText.excerptLength` characters of the bad token, escaped.
    public static func parse(_ text: String, name: String) throws(HostFailure) -> Recording {
        var reader = Reader(name: name)
        try reader.take(Array(text.utf8)[...], final: true)
        return try reader.finish()
    }

    /// The longest line a recording may have, in bytes: a recorder writes one line per read of the
    /// link, kilobytes at most. A longer one (a device file that never ends a line, `/dev/zero`)
    /// is an error, not a reason to fill memory.
    public static let longestLine = 1 << 20

    /// Reads the recording at `path` a block at a time, at most `InputFile.maximumBytes` of it:
    /// memory holds its chunks, never the file.
    public static func load(path: String) throws(HostFailure) -> Recording {
        var file = try InputFile(path)
        defer { file.close() }
        var reader = Reader(name: path)
        var pending: [UInt8] = []
        try file.forEachBlock(what: "a recording") { (block) throws(HostFailure) in
            let before = pending.count
            pending.append(contentsOf: block)
            // Whole lines now; the rest waits for the next block.
            guard let lastEnd = pending[before...].lastIndex(of: lineFeed) else {
                if pending.count > longestLine {
                    throw HostFailure("\(path): line \(reader.number + 1): longer than \(ByteCount.text(longestLine)), no recording's line")
                }
                return
            }
            try reader.take(pending[...lastEnd], final: false)
            pending.removeSubrange(...lastEnd)
        }
        try reader.take(pending[...], final: true)
        return try reader.finish()
    }

    /// The parser's state from line to line.
    private struct Reader {
        let name: String
        var recording = Recording()
        var number = 0
        var sawHeader = false
        var lastTime: Microseconds = 0

        /// Every line in `bytes`; when `final`, text after the last line end is the file's last line.
        mutating func take(_ bytes: ArraySlice<UInt8>, final: Bool) throws(HostFailure) {
            var rest = bytes
            while !rest.isEmpty {
                let end = rest.firstIndex(of: Recording.lineFeed)
                guard end != nil || final else { return }
                let rawLine = rest[..<(end ?? rest.endIndex)]
                rest = end.map { rest[($0 + 1)...] } ?? rest[rest.endIndex...]
                try line(rawLine, cutShort: end == nil)
            }
        }

        private mutating func line(_ rawLine: ArraySlice<UInt8>, cutShort: Bool) throws(HostFailure) {
            number += 1
            let line = rawLine.last == Recording.carriageReturn ? rawLine.dropLast() : rawLine
            let trimmed = line.drop { $0 == Recording.space }
            if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { return }
            let (name, number) = (name, number)
            func failure(_ message: String) -> HostFailure { HostFailure("\(name): line \(number): \(message)") }
            if !sawHeader {
                guard trimmed.elementsEqual(header.utf8) else {
                    throw failure("expected '\(header)', not '\(Recording.excerpt(trimmed))'")
                }
                sawHeader = true
                return
            }
            // The recorder ends every line it writes: a last line without an end was cut, wherever.
            if cutShort {
                recording.warnings.append("\(name): line \(number) has no end of line: the recording was cut there; replayed up to the cut")
            }
            guard let time = try recording.appendLine(trimmed, cutShort: cutShort, failure: failure) else { return }
            guard time >= lastTime else { throw failure("time \(time) is before the previous line's \(lastTime)") }
            lastTime = time
        }

        func finish() throws(HostFailure) -> Recording {
            guard sawHeader else { throw HostFailure("\(name): not a touchhost recording (no '\(header)' line)") }
            return recording
        }
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")

    /// Appends one `MICROSECONDS </> HEX` line and returns its time. When `cutShort` (the file's
    /// last line, with no end of line) a line that does not read whole keeps the whole bytes before
    /// the cut, or is left out (nil).
    private mutating func appendLine(
        _ line: ArraySlice<UInt8>, cutShort: Bool, failure: (String) -> HostFailure
    ) throws(HostFailure) -> Microseconds? {
        let fields = line.split(separator: Self.space)
        guard fields.count == 3 else {
            if cutShort, fields.count < 3 { return nil }
            throw failure("expected 'MICROSECONDS </> HEX', not '\(Self.excerpt(line))'")
        }
        guard let time = Self.microseconds(fields[0]) else {
            if fields[0].allSatisfy({ (0x30...0x39).contains($0) }) {
                throw failure("time '\(Self.excerpt(fields[0]))' is out of range (at most \(Self.latestTime) µs)")
            }
            throw failure("time '\(Self.excerpt(fields[0]))' is not a whole number of microseconds")
        }
        guard fields[1].count == 1, let direction = Direction(rawValue: Character(Unicode.Scalar(fields[1].first!))) else {
            throw failure("direction '\(Self.excerpt(fields[1]))' is neither '>' nor '<'")
        }
        let start = store.count
        // A cut can fall between the two digits of a byte: the whole bytes before it are kept.
        let hex = cutShort && fields[2].count % 2 == 1 ? fields[2].dropLast() : fields[2]
        guard Self.appendHex(hex, to: &store) else {
            store.removeSubrange(start...)
            throw failure("'\(Self.excerpt(fields[2]))' is not hex bytes (pairs of 0-9, a-f)")
        }
        entries.append(Entry(time: time, start: start, count: Int32(clamping: store.count - start), direction: direction))
        return time
    }

    /// Digits only, at most `latestTime`.
    private static func microseconds(_ digits: ArraySlice<UInt8>) -> Microseconds? {
        guard !digits.isEmpty else { return nil }
        var value: Microseconds = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, times <= latestTime - Microseconds(digit - 0x30) else { return nil }
            value = times + Microseconds(digit - 0x30)
        }
        return value
    }

    private static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        // Decode no more than the excerpt can show: a 100 MB token costs a few hundred bytes here.
        let shown = bytes.prefix(8 * DisplayText.excerptLength)
        let text = DisplayText.excerpt(String(decoding: shown, as: UTF8.self))
        return shown.count < bytes.count && !text.hasSuffix("\u{2026}") ? text + "\u{2026}" : text
    }

    /// Appends the bytes `text` spells in hex; false (with some appended) when it spells none.
    private static func appendHex(_ text: ArraySlice<UInt8>, to bytes: inout [UInt8]) -> Bool {
        guard text.count % 2 == 0 else { return false }
        var high: UInt8?
        for character in text {
            let nibble: UInt8
            switch character {
            case 0x30...0x39: nibble = character - 0x30
            case 0x61...0x66: nibble = character - 0x61 + 10
            case 0x41...0x46: nibble = character - 0x41 + 10
            default: return false
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return true
    }
}
