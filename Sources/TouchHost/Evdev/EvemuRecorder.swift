import Glibc
import TouchCore

/// Writes what a Linux input device sends as an evemu recording, the format `touchhost replay`
/// imports and evemu-device/evemu-play play back into a kernel device (`touchhost record
/// /dev/input/eventN`). The description (name, id, properties, event bits, axes) comes from the
/// device when the recording starts; each event is written as it is read, so the file is complete
/// up to the moment the recorder stops, however it stops. Times count from the first event.
public final class EvemuRecorder {
    private let file: OutputFile
    private var origin: Int64?
    public private(set) var eventCount = 0
    /// The first write the file refused (a full disk): nothing is written after it.
    public private(set) var failure: HostFailure?

    init(device: EvdevDevice, path: String) throws(HostFailure) {
        file = try OutputFile(creating: path)
        guard file.write(Self.description(of: device)) else {
            let systemError = errno
            file.close()
            throw HostFailure("\(path): cannot write the recording (\(String(cString: strerror(systemError))))", systemError: systemError)
        }
    }

    public var path: String { file.path }

    /// The `N:`, `I:`, `P:`, `B:` and `A:` lines evemu-device needs to make the device again.
    static func description(of device: EvdevDevice) -> String {
        // evemu writes the name as it is; a name with a line break would end the line early.
        let name = String(device.description.name.map { $0.isNewline ? " " : $0 })
        var text = "# EVEMU 1.3\n# touchhost record of \(DisplayText.excerpt(device.path, limit: 200))\n"
        text += "N: \(name)\n"
        text += "I: " + device.identity().map { hex($0, digits: 4) }.joined(separator: " ") + "\n"
        text += rows(device.propertyMask()).map { "P: " + $0 + "\n" }.joined()
        for (type, mask) in device.eventMasks() {
            text += rows(mask).map { "B: \(hex(type, digits: 2)) " + $0 + "\n" }.joined()
        }
        for code in device.description.axes.keys.sorted() {
            let axis = device.description.axes[code]!
            text += "A: \(hex(code, digits: 2)) \(axis.minimum) \(axis.maximum) \(axis.fuzz) \(axis.flat) \(axis.resolution)\n"
        }
        return text
    }

    /// A mask as evemu lays it out: eight bytes a line, the last line padded with zeros.
    private static func rows(_ mask: [UInt8]) -> [String] {
        stride(from: 0, to: mask.count, by: 8).map { start in
            let row = mask[start..<min(start + 8, mask.count)] + [UInt8](repeating: 0, count: max(0, start + 8 - mask.count))
            return row.map { hex($0, digits: 2) }.joined(separator: " ")
        }
    }

    private static func hex<Number: BinaryInteger>(_ value: Number, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Appends `events` as `E: sec.usec type code value` lines.
    func write(_ events: [EvemuEvent]) {
        guard failure == nil, !events.isEmpty else { return }
        var text = ""
        for event in events {
            let start = origin ?? event.time
            origin = start
            let elapsed = max(event.time - start, 0)
            let micro = String(elapsed % 1_000_000)
            text += "E: \(elapsed / 1_000_000).\(String(repeating: "0", count: 6 - micro.count))\(micro)"
            text += " \(Self.hex(event.type, digits: 4)) \(Self.hex(event.code, digits: 4)) \(event.value)\n"
        }
        eventCount += events.count
        if !file.write(text) {
            failure = HostFailure("\(file.path): cannot write the recording (\(String(cString: strerror(errno))))", systemError: errno)
        }
    }

    public func close() { file.close() }
}
