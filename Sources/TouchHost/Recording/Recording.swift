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

    public var chunks: [Chunk]

    public init(chunks: [Chunk] = []) { self.chunks = chunks }

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

    public static func parse(_ text: String, name: String) throws(HostFailure) -> Recording {
        var recording = Recording()
        var number = 0
        var sawHeader = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if !sawHeader {
                guard trimmed == header else { throw HostFailure("\(name): line \(number): expected '\(header)'") }
                sawHeader = true
                continue
            }
            let fields = trimmed.split(separator: " ")
            guard fields.count == 3, let time = Microseconds(fields[0]), fields[1].count == 1,
                let direction = Direction(rawValue: fields[1].first!), let bytes = decodeHex(fields[2])
            else { throw HostFailure("\(name): line \(number): expected 'MICROSECONDS </> HEX'") }
            recording.chunks.append(Chunk(time: time, direction: direction, bytes: bytes))
        }
        guard sawHeader else { throw HostFailure("\(name): not a touchhost recording (no '\(header)' line)") }
        return recording
    }

    private static func decodeHex(_ text: Substring) -> [UInt8]? {
        guard text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
