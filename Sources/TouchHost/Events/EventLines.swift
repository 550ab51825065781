import TouchCore

/// The line each event becomes on standard output: a JSON line (contracts.md section 3), a
/// readable line, or the monitor's aligned columns. The commands print these lines and the fuzz
/// targets check them, so what is checked is what a user reads.
public final class EventLines {
    private let json: JSONEventFormatter?
    private let readable: ReadableEventFormatter?
    private let aligned: MonitorLineFormatter?

    /// Why the link went: said with the next `disconnected` status, once (JSON: `port` and `cause`).
    public var disconnection: LinkError?
    /// The port found again: said with the next `reconnected` status line, once.
    public var reconnection: String?

    public init(json: Bool, recognizerNames: [String], templateNames: [String] = [], source: String? = nil, aligned: Bool = false) {
        self.aligned = aligned && !json ? MonitorLineFormatter(recognizerNames: recognizerNames) : nil
        if json {
            self.json = JSONEventFormatter(recognizerNames: recognizerNames, templateNames: templateNames, source: source)
            readable = nil
        } else {
            self.json = nil
            var readable = ReadableEventFormatter(recognizerNames: recognizerNames)
            readable.source = source
            self.readable = readable
        }
    }

    /// The event's line, or nil for an event this output leaves out (a readable line skips moves).
    public func line(for event: HostEvent) -> String? {
        var link: (port: String, cause: String)?
        if case .status(let status) = event, status.kind == .disconnected, let error = disconnection {
            link = (error.port, error.reason)
            disconnection = nil
        }
        let formatted = json?.line(for: event, link: link)
            ?? (aligned != nil ? aligned?.line(for: event) : readable?.line(for: event))
        guard var line = formatted else { return nil }
        if json == nil, case .status(let status) = event {
            if let link {
                line += ": \(DisplayText.escaped(link.port)): \(DisplayText.escaped(link.cause))"
            } else if status.kind == .reconnected, let port = reconnection {
                line += ": \(DisplayText.escaped(port))"
                reconnection = nil
            }
        }
        return line
    }
}
