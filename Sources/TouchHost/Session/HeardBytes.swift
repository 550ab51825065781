import TouchCore

/// What a link sent when no controller described itself, in words for an error: `nothing`,
/// `text "login: "` (a console, a modem, another program's log), `a malformed info frame` (a
/// controller whose description, CRC-valid, does not fit the device-info layout: other firmware,
/// a broken build), `touchhost frames but no device info` or `N bytes that are not touchhost
/// frames` (a wrong baud rate, another protocol, noise).
public enum HeardBytes {
    public static func describe(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "nothing" }
        if let frames = FramesHeard(bytes) {
            // Valid frames are no noise, however unprintable: say what was wrong with them.
            if let payload = frames.malformedInfoPayload {
                return "a malformed info frame: CRC-valid, but its \(payload)-byte payload is not the device-info layout"
            }
            return "\(bytes.count)\(bytes.count >= cap ? " or more" : "") bytes of touchhost frames but no device info"
        }
        let printable = bytes.filter { (0x20...0x7E).contains($0) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        // Mostly printable ASCII is text; a stray byte or two of line noise does not change that.
        guard printable.count * 10 >= bytes.count * 9 else {
            return "\(bytes.count)\(bytes.count >= cap ? " or more" : "") bytes that are not touchhost frames"
        }
        // The first line that says something: a prompt, a banner, a log line.
        let lines = printable.split { $0 == 0x0A || $0 == 0x0D }
        let line = String(decoding: lines.first { $0.contains { $0 != 0x20 && $0 != 0x09 } } ?? [], as: UTF8.self)
        return "text \"\(DisplayText.excerpt(line))\""
    }

    /// What a session keeps of it: enough to tell text from noise and to quote a line.
    public static let cap = 256
}

/// The frames whose framing, CRC, version and type are valid among bytes heard, read with the
/// product's decoder; nil when there are none.
private struct FramesHeard {
    /// The payload length of the first info frame whose payload the decoder refused.
    var malformedInfoPayload: Int?

    init?(_ bytes: [UInt8]) {
        var decoder = FrameDecoder()
        var any = false
        for byte in bytes {
            guard let frame = decoder.pushFrame(byte) else { continue }
            any = true
            if frame.type == .info, malformedInfoPayload == nil, FrameDecoder.decodeDeviceMessage(frame) == nil {
                malformedInfoPayload = frame.payloadLength
            }
        }
        guard any else { return nil }
    }
}
