import Glibc
import TouchCore

/// What `serve --metrics FILE` keeps for node_exporter's textfile collector: counters of the link,
/// touches, gestures, resyncs, reconnects, palms and ghosts, and a histogram of the latency from a
/// report's arrival to its uinput frame, in the Prometheus text format. The file is rewritten
/// atomically (a temporary file beside it, then rename), so the collector never reads half of it,
/// and only when a count changed, at most once per `writeInterval`: a quiet service writes nothing
/// and is not woken for it (`nextWrite`).
public final class ServeMetrics {
    public private(set) var touchesBegan = 0
    public private(set) var touchesEnded = 0
    public private(set) var touchesCancelled = 0
    public private(set) var gestures: [String: Int] = [:]
    public private(set) var statuses: [String: Int] = [:]
    public private(set) var palms = 0
    /// From a report's arrival to its uinput frame (for an input device, from the kernel's time of
    /// the report: the kernel's queue, serve's wake-up and its work).
    public private(set) var reportToUInput = LatencyHistogram()
    /// From serve's wake-up (to read a report, or for a timer) to the uinput frame: serve's own work.
    public private(set) var serveWork = LatencyHistogram()

    /// The shortest time between two writes of the file.
    public static let writeInterval: Microseconds = 1_000_000
    /// Whether a count changed since the file was last written (true at first: there is no file yet).
    private var changed = true
    private var lastWrite: Microseconds?

    public init() {}

    /// When the file must next be written (`writeIfDue`): a second after the last write once a
    /// count changed, at once when it was never written; nil while it says what the counts say.
    public var nextWrite: Microseconds? {
        guard changed else { return nil }
        return lastWrite.map { $0 + Self.writeInterval } ?? .min
    }

    /// Writes the file to `path` if `nextWrite` has come at `now`. A failure is returned, and the
    /// file tried again a `writeInterval` later.
    @discardableResult
    public func writeIfDue(to path: String, now: Microseconds) -> String? {
        guard let due = nextWrite, now >= due else { return nil }
        return write(to: path, now: now)
    }

    /// Counts what the stream says.
    public func observe(_ event: HostEvent) {
        changed = true
        switch event {
        case .touch(let touch, _, _):
            switch touch.phase {
            case .began: touchesBegan += 1
            case .ended: touchesEnded += 1
            case .cancelled: touchesCancelled += 1
            default: break
            }
        case .gesture(let gesture, _):
            if gesture.state == .recognized || gesture.state == .began {
                gestures[gesture.kind.jsonName, default: 0] += 1
            }
        case .status(let status):
            if status.kind == .palmBegan { palms += 1 }
            statuses[status.kind.jsonName, default: 0] += 1
        }
    }

    /// One uinput frame written `latency` µs after its report arrived, `work` µs after serve woke for it.
    public func observe(latency: Microseconds, work: Microseconds? = nil) {
        changed = true
        reportToUInput.observe(latency)
        if let work { serveWork.observe(work) }
    }

    public func text() -> String {
        var lines: [String] = []
        func counter(_ name: String, _ help: String, _ values: [(labels: String, value: Int)]) {
            lines.append("# HELP touchhost_\(name) \(help)")
            lines.append("# TYPE touchhost_\(name) counter")
            for entry in values { lines.append("touchhost_\(name)\(entry.labels) \(entry.value)") }
        }
        func status(_ name: String) -> Int { statuses[name, default: 0] }
        counter("touches_total", "Touches by how they finished, and begun.", [
            ("{phase=\"began\"}", touchesBegan), ("{phase=\"ended\"}", touchesEnded), ("{phase=\"cancelled\"}", touchesCancelled),
        ])
        counter("gestures_total", "Gestures recognized or begun, by kind.", gestures.sorted { $0.key < $1.key }.map { ("{kind=\"\($0.key)\"}", $0.value) })
        counter("link_disconnects_total", "The source went away.", [("", status("disconnected"))])
        counter("reconnects_total", "The source came back.", [("", status("reconnected"))])
        counter("resyncs_total", "The stream lost events and was resynchronized (SYN_DROPPED, a lost frame).", [("", status("resync") + status("frames-lost"))])
        counter("palms_total", "Palms suppressed.", [("", palms)])
        counter("ghosts_total", "Contacts refused as ghosts or duplicates.", [("", status("rejected") + status("duplicate-contact"))])
        counter("report_timeouts_total", "Touches a stalled source left, cancelled.", [("", status("report-timeout"))])
        lines += reportToUInput.lines(name: "report_to_uinput_seconds", help: "From a report's arrival to its virtual touchscreen frame.")
        lines += serveWork.lines(name: "serve_work_seconds", help: "From serve's wake-up (a report to read, a timer) to its virtual touchscreen frame.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `text()` to `path` atomically, now (`now`: the loop's time of it, for `nextWrite`).
    /// A failure is returned, not thrown: the service goes on.
    @discardableResult
    public func write(to path: String, now: Microseconds) -> String? {
        lastWrite = now
        let problem = writeAtomically(to: path)
        changed = problem != nil
        return problem
    }

    private func writeAtomically(to path: String) -> String? {
        let temporary = path + ".tmp"
        let bytes = Array(text().utf8)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return "\(temporary): \(String(cString: strerror(errno)))" }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                return "\(temporary): \(reason)"
            }
            offset += written
        }
        close(fd)
        guard rename(temporary, path) == 0 else { return "\(path): \(String(cString: strerror(errno)))" }
        return nil
    }
}
