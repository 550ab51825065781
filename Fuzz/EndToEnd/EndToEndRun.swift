import Glibc
import TouchCore
import TouchHost

// What every end-to-end fuzz target does with one input: what `touchhost replay FILE --json`,
// `touchhost replay FILE` and `monitor` do with what a user or a device hands them. A file target's
// input is written to a file (a user hands `replay` a file) and loaded by `ReplaySource.load`, its
// warnings escaped as the command prints them; the replay is driven by `ReplayDriver` with the
// kiosk recognizers into `EventLines` in one of the three formats the commands print (JSON,
// readable, the monitor's aligned lines), chosen by the input (`LineFormat.chosen`): each input
// pays for one formatter, and the corpus covers all three. A long input is cut as a signal cuts it
// (`cancelAll`, `finish`) after `stepLimit` steps, so one input costs bounded time.
//
// Checked on every input, beyond "no trap, no memory error":
// - with JSON (a third of the inputs), the lines keep the stream's promises as a reader sees them
//   (`StreamPromises`: every line is JSON, `t` never decreases, every `began` gets exactly one
//   `ended` or `cancelled`, ids never come back, slots within the tracker, gestures begin before
//   they change or end, nothing live at the end); the `decode-track` target holds the pipeline to
//   the same promises on every input;
// - no line, warning or error message can drive a terminal or forge a line (`TerminalSafe`);
// - an error message is one short line (long tokens are cut), and names the file.

enum EndToEndRun {
    static let stepLimit = 300
    static let recognizers = RecognizerSelection.kiosk

    /// A file per process, rewritten for every input, beside the fuzzer's corpus (scripts/fuzz
    /// runs from the package's folder).
    static let directory: String = {
        let path = ".build/fuzz/inputs-\(getpid())"
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { fatalError("mkdir \(path): \(errno)") }
        return path
    }()

    /// Replays `bytes` as a file named `input.EXTENSION`, in the format its name and contents say.
    static func replayFile(_ bytes: UnsafeBufferPointer<UInt8>, extension fileExtension: String, options: ImportOptions) {
        let format = LineFormat.chosen(by: bytes)
        let path = "\(directory)/input.\(fileExtension)"
        write(bytes, to: path)
        let source: ReplaySource
        do {
            source = try ReplaySource.load(path: path, format: .auto, options: options)
        } catch {
            checkErrorMessage(error.message, path: path)
            return
        }
        for warning in source.warnings {
            let line = "touchhost: warning: \(DisplayText.escaped(warning))"
            precondition(TerminalSafe.isSafe(line), "warning could drive a terminal: \(line.debugDescription)")
        }
        replay(source, as: format)
    }

    /// Drives `source` to its end, or to `stepLimit` and then as a signal would, checking every line.
    static func replay(_ source: ReplaySource, as format: LineFormat) {
        let lines = format.lines(recognizerNames: recognizers.engineNames)
        var promises = StreamPromises(capacity: TouchLimits.maxContacts)
        var pending: [String] = []
        let sink: (HostEvent) -> Void = { event in
            guard let line = lines.line(for: event) else { return }
            precondition(TerminalSafe.isSafe(line), "\(format) line could drive a terminal: \(line.debugDescription)")
            if format == .json { pending.append(line) }
        }
        let driver = ReplayDriver(source, recognizers: recognizers, sink: sink)
        // One step at a time, so each step's lines are held to the slots of the tracker they came
        // from (a recorded device may describe itself again with another number of contacts).
        var steps = 0
        var capacity = driver.pipeline?.tracker.capacity
        while !driver.isFinished {
            if steps == stepLimit {
                driver.cancelAll()
                driver.finish()
            } else {
                driver.step(limit: 1)
                steps += 1
            }
            let now = driver.pipeline?.tracker.capacity
            promises.capacity = max(capacity ?? now ?? TouchLimits.maxContacts, now ?? 0)
            capacity = now
            promises.check(pending)
            pending.removeAll(keepingCapacity: true)
        }
        guard format == .json else { return }
        promises.finish()
        precondition(promises.violations.isEmpty, "broken promises: \(promises.violations.prefix(5))")
    }

    /// What the command prints for a file it refuses: one line, short whatever the file holds.
    static func checkErrorMessage(_ message: String, path: String) {
        let line = "touchhost: \(DisplayText.escaped(message))"
        precondition(TerminalSafe.isSafe(line), "error could drive a terminal: \(line.debugDescription)")
        // Quoted tokens are cut to at most 80 characters as shown, so an error stays short whatever
        // the file holds; the inputs run to 4 KiB, past that bound.
        let length = line.unicodeScalars.count - path.unicodeScalars.count
        precondition(length <= 400, "error of \(length) characters besides the path: \(line.prefix(400))")
        precondition(message.contains(path), "error does not name the file: \(line)")
    }

    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) {
        do {
            let file = try OutputFile(creating: path)
            precondition(file.write(UnsafeRawBufferPointer(bytes)), "write \(path): \(errno)")
        } catch {
            fatalError("\(error)")
        }
    }
}

/// The three ways the commands print events (`replay --json`, `replay`, `monitor`'s aligned lines).
enum LineFormat: CaseIterable, CustomStringConvertible {
    case json, readable, aligned

    /// Picked by the input's length, so the bytes the product reads are the input's own and a
    /// corpus entry always replays in the same format.
    static func chosen(by input: UnsafeBufferPointer<UInt8>) -> LineFormat { allCases[input.count % 3] }

    func lines(recognizerNames: [String]) -> EventLines {
        switch self {
        case .json: EventLines(json: true, recognizerNames: recognizerNames)
        case .readable: EventLines(json: false, recognizerNames: recognizerNames)
        case .aligned: EventLines(json: false, recognizerNames: recognizerNames, aligned: true)
        }
    }

    var description: String {
        switch self {
        case .json: "JSON"
        case .readable: "readable"
        case .aligned: "aligned"
        }
    }
}

/// Text that can go to a terminal as it is: nothing `DisplayText` would escape (control, format,
/// separator, private or unassigned characters), so no escape sequence and no forged line.
enum TerminalSafe {
    static func isSafe(_ line: String) -> Bool {
        // Printable ASCII, nearly every line, is safe without looking up each character's category.
        if line.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return true }
        return !line.unicodeScalars.contains(where: DisplayText.needsEscape)
    }
}
