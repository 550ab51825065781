
/// One `E: sec.usec type code value` line of an evemu recording.
struct EvemuEvent: Sendable {
    static let synType = 0x00
    static let keyType = 0x01
    static let absType = 0x03
    static let synReport = 0x00
    static let synMTReport = 0x02
    static let synDropped = 0x03
    static let btnTouch = 0x14a
    static let absX = 0x00
    static let absY = 0x01
    static let absMTSlot = 0x2f
    static let absMTTouchMajor = 0x30
    static let absMTTouchMinor = 0x31
    static let absMTOrientation = 0x34
    static let absMTPositionX = 0x35
    static let absMTPositionY = 0x36
    static let absMTTrackingId = 0x39

    var time: Int64
    var value: Int
    /// evdev's types and codes are 16 bits; a larger number names nothing this reads, as 0xFFFF
    /// names nothing, so it is kept as that: a recording holds an event per line, and 24 bytes
    /// an event rather than 32 keeps a file's events within twice its size.
    private var storedType: UInt16
    private var storedCode: UInt16
    var type: Int { Int(storedType) }
    var code: Int { Int(storedCode) }

    init(time: Int64, type: Int, code: Int, value: Int) {
        self.time = time
        storedType = UInt16(clamping: type)
        storedCode = UInt16(clamping: code)
        self.value = value
    }

    init(_ line: Substring, file: String, lineNumber: Int) throws {
        // Newer evemu appends a `# EV_ABS / ...` comment to each event.
        let content = line.dropFirst(2).prefix { $0 != "#" }
        let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 4 else {
            throw ImportError(file: file, line: lineNumber, message: "event line needs `E: sec.usec type code value`")
        }
        if Self.isOutOfRange(fields[0]) {
            throw ImportError(file: file, line: lineNumber, message: "event time '\(DisplayText.excerpt(fields[0]))' is out of range")
        }
        guard let time = Self.microseconds(fields[0]), let type = Int(fields[1], radix: 16),
            let code = Int(fields[2], radix: 16), let value = Int(fields[3])
        else {
            throw ImportError(file: file, line: lineNumber, message: "event line needs `E: sec.usec type code value`")
        }
        self.time = time
        storedType = UInt16(clamping: type)
        storedCode = UInt16(clamping: code)
        self.value = value
    }

    /// `sec.usec` as microseconds; the fraction is microseconds, padded or cut to six digits.
    /// Nil for text that is not a time, and for negative or 64-bit-overflowing times (a later
    /// time minus the first must not overflow either, hence no negatives).
    private static func microseconds(_ text: Substring) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let seconds = Int64(parts[0]), seconds >= 0 else { return nil }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else { return nil }
        guard parts.count == 2 else { return whole }
        let digits = parts[1].prefix(6).leftAligned(6, pad: "0")
        guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let micro = Int64(digits) else { return nil }
        let (total, sumOverflow) = whole.addingReportingOverflow(micro)
        return sumOverflow ? nil : total
    }

    /// A time written as digits (sign allowed) that still is no valid time: too large or negative.
    private static func isOutOfRange(_ text: Substring) -> Bool {
        let body = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        let numeric = !body.isEmpty && body.allSatisfy { $0 == "." || ("0"..."9").contains($0) }
            && body.filter { $0 == "." }.count <= 1 && body.first != "."
        return numeric && microseconds(text) == nil
    }
}
