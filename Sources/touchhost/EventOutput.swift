import Foundation
import TouchHost

/// Prints events on standard output as JSON lines or readable lines, one per event. Live output
/// goes out line by line so a reader at the other end of a pipe sees each event as it happens;
/// replay output is written in large blocks.
final class EventOutput {
    private let lines: EventLines
    private let live: Bool
    private var pending: [UInt8] = []

    init(
        json: Bool, recognizerNames: [String], templateNames: [String] = [], source: String? = nil, live: Bool = false,
        aligned: Bool = false
    ) {
        self.live = live
        lines = EventLines(
            json: json, recognizerNames: recognizerNames, templateNames: templateNames, source: source, aligned: aligned)
    }

    deinit { flush() }

    /// Why the link went: said with the next `disconnected` status, once (JSON: `port` and `cause`).
    var disconnection: LinkError? {
        get { lines.disconnection }
        set { lines.disconnection = newValue }
    }
    /// The port found again: said with the next `reconnected` status line, once.
    var reconnection: String? {
        get { lines.reconnection }
        set { lines.reconnection = newValue }
    }

    func write(_ event: HostEvent) {
        if let line = lines.line(for: event) { write(line: line) }
    }

    func write(line: String) {
        pending.append(contentsOf: line.utf8)
        pending.append(10)
        if live || pending.count > 65_536 { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        StandardOutput.write(pending)
        pending.removeAll(keepingCapacity: true)
    }
}

enum StandardOutput {
    /// Writes everything, retrying short writes; a closed pipe ends the program quietly.
    static func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                Foundation.exit(0)
            }
            offset += written
        }
    }

    static func line(_ text: String) { write(Array((text + "\n").utf8)) }
}
