import TouchCore

/// Recordings other programs made, through the importers in `Importers/`.
enum ImportedSource {
    static func load(path: String, text: String, format: ReplayFormat, options: ImportOptions) throws(HostFailure) -> ReplaySource {
        do {
            switch format {
            case .evemu:
                let recording = try EvemuImporter(size: options.size).load(
                    eventsText: text, of: path, description: options.description)
                // A recording that stops with fingers down says nothing of their lifts: cancelled.
                let cancel = recording.endsWithTouchesDown ? max(recording.endTime, recording.lastFrameTime ?? 0) : nil
                var source = ReplaySource(
                    name: path, items: FramesThenCancel(frames: recording.frameSequence, cancelAt: cancel),
                    tracker: evemuTracker(reportRateHz: recording.reportRateHz), panel: recording.panel)
                source.warnings = recording.warnings
                return source
            case .unistroke:
                let log = try UnistrokeLogImporter.parse(
                    text, file: path,
                    millimetresPerPixel: options.millimetresPerPixel ?? UnistrokeLogImporter.defaultMillimetresPerPixel)
                // A stroke log has samples only while the pen moves: a pause is not a lift.
                return ReplaySource(
                    name: path, items: FramesThenCancel(frames: log.frameSequence(), cancelAt: nil),
                    tracker: .eventDriven(reportRateHz: estimatedRate(log.samples.map(\.time))), panel: .scriptDefault)
            case .auto, .script, .threc:
                throw HostFailure("\(path): not an imported format")
            }
        } catch let failure as HostFailure {
            throw failure
        } catch let error as ImportError {
            throw HostFailure(error.description)
        } catch {
            throw HostFailure("\(path): \(error)")
        }
    }

    /// The rate frames at `times` came at (the median interval), for the tracker's gates.
    static func estimatedRate(_ times: [Microseconds]) -> Int {
        var intervals: [Microseconds] = []
        for index in times.indices.dropFirst() {
            let interval = times[index] - times[index - 1]
            if interval > 0 { intervals.append(interval) }
        }
        guard !intervals.isEmpty else { return TouchScript.defaultReportRate }
        let median = intervals.sorted()[intervals.count / 2]
        return min(max(Int(1_000_000 / median), 10), 250)
    }

    /// evdev is event-driven: nothing is sent while nothing changes, so silence holds touches and
    /// the kernel's tracking ids are trusted (`.eventDriven`). Protocol A contacts without ids are
    /// paired from frame to frame with no distance gate, as mtdev pairs them for every Linux
    /// program: a touch begins only when a frame lists more contacts than the one before and ends
    /// only when it lists fewer, which is the kernel's count. A gate would split a finger that
    /// moved further between two frames than it allows (a fast swipe, or a long wait between events).
    /// A live device (`EvdevSession`) uses it too, at an assumed rate: its own is not known ahead.
    static func evemuTracker(reportRateHz: Int) -> TrackerConfiguration {
        var tracker = TrackerConfiguration.eventDriven(reportRateHz: reportRateHz)
        tracker.anonymousGate = .infinity
        return tracker
    }
}

/// An importer's frames as replay items, made as they are taken, then a cancel of the touches
/// still down at `cancelAt` when the recording stopped with fingers on the panel.
struct FramesThenCancel<Frames: Sequence & Sendable>: Sequence, Sendable where Frames.Element == ContactFrame {
    let frames: Frames
    let cancelAt: Microseconds?

    func makeIterator() -> Iterator { Iterator(frames: frames.makeIterator(), cancelAt: cancelAt) }

    struct Iterator: IteratorProtocol {
        var frames: Frames.Iterator
        var cancelAt: Microseconds?

        mutating func next() -> ReplayItem? {
            if let frame = frames.next() { return .frame(frame) }
            defer { cancelAt = nil }
            return cancelAt.map { .cancel(at: $0) }
        }
    }
}
