import Foundation

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
    static let absMTPositionX = 0x35
    static let absMTPositionY = 0x36
    static let absMTTrackingId = 0x39

    var time: Int64
    var type: Int
    var code: Int
    var value: Int

    init(_ line: Substring, file: String, lineNumber: Int) throws {
        // Newer evemu appends a `# EV_ABS / ...` comment to each event.
        let content = line.dropFirst(2).prefix { $0 != "#" }
        let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 4, let time = Self.microseconds(fields[0]), let type = Int(fields[1], radix: 16),
            let code = Int(fields[2], radix: 16), let value = Int(fields[3])
        else {
            throw ImportError(file: file, line: lineNumber, message: "event line needs `E: sec.usec type code value`")
        }
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// `sec.usec` as microseconds; the fraction is microseconds, padded or cut to six digits.
    private static func microseconds(_ text: Substring) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let seconds = Int64(parts[0]) else { return nil }
        guard parts.count == 2 else { return seconds * 1_000_000 }
        let digits = String(parts[1].prefix(6)).padding(toLength: 6, withPad: "0", startingAt: 0)
        guard let micro = Int64(digits) else { return nil }
        return seconds * 1_000_000 + micro
    }
}
