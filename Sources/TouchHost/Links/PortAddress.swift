/// Where a link goes, from what the user typed: `/dev/ttyUSB0?baud=115200&flow=rtscts` or
/// `tcp:HOST:PORT`.
public enum PortAddress: Equatable, Sendable {
    case serial(path: String, settings: SerialSettings)
    case tcp(host: String, port: UInt16)

    public static func parse(_ text: String) throws(LinkError) -> PortAddress {
        if text.hasPrefix("tcp:") {
            let rest = text.dropFirst(4)
            guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...]), port > 0
            else { throw LinkError(port: text, cause: .invalid("expected tcp:HOST:PORT")) }
            var host = String(rest[..<colon])
            // An IPv6 address in brackets, as `emulate` prints one: tcp:[::1]:7000.
            if host.hasPrefix("["), host.hasSuffix("]"), host.count > 2 { host = String(host.dropFirst().dropLast()) }
            return .tcp(host: host.isEmpty ? "localhost" : host, port: port)
        }
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard !path.isEmpty else { throw LinkError(port: text, cause: .invalid("empty port name")) }
        var settings = SerialSettings()
        if parts.count == 2 {
            for option in parts[1].split(separator: "&") {
                let pair = option.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { throw LinkError(port: text, cause: .invalid("option '\(option)' has no value")) }
                try settings.set(String(pair[0]), to: String(pair[1]), port: text)
            }
        }
        return .serial(path: path, settings: settings)
    }
}

/// Line settings for a serial port. The defaults are the touchhost boards': 115200 8N1, no flow control.
public struct SerialSettings: Equatable, Sendable {
    public enum Parity: String, Sendable { case none, odd, even }
    public enum FlowControl: String, Sendable { case none, rtscts, xonxoff, dtrdsr }

    public var baud = 115_200
    public var bits = 8
    public var parity = Parity.none
    public var stopBits = 1
    public var flow = FlowControl.none

    public init() {}

    mutating func set(_ key: String, to value: String, port: String) throws(LinkError) {
        func bad() -> LinkError { LinkError(port: port, cause: .invalid("bad value '\(value)' for \(key)")) }
        switch key {
        case "baud":
            guard let number = Int(value), number > 0 else { throw bad() }
            baud = number
        case "bits":
            guard let number = Int(value), (5...8).contains(number) else { throw bad() }
            bits = number
        case "parity":
            guard let choice = Parity(rawValue: value) else { throw bad() }
            parity = choice
        case "stopbits":
            guard let number = Int(value), number == 1 || number == 2 else { throw bad() }
            stopBits = number
        case "flow":
            guard let choice = FlowControl(rawValue: value) else { throw bad() }
            flow = choice
        default:
            throw LinkError(port: port, cause: .invalid("unknown option '\(key)' (baud, bits, parity, stopbits, flow)"))
        }
    }
}
