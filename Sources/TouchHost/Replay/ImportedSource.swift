import TouchCore

/// Recordings other programs made, through the importers in `Importers/`.
enum ImportedSource {
    static func load(path: String, text: String, format: ReplayFormat, options: ImportOptions) throws(HostFailure) -> ReplaySource {
        do {
            switch format {
            case .evemu:
                let recording = try EvemuImporter(size: options.size).load(
                    eventsText: text, of: path, description: options.description)
                var items = recording.frames.map { ReplayItem.frame($0) }
                // A recording that stops with fingers down says nothing of their lifts: cancelled.
                if recording.endsWithTouchesDown { items.append(.cancel(at: max(recording.endTime, recording.frames.last?.timestamp ?? 0))) }
                var source = ReplaySource(name: path, items: items, tracker: evemuTracker(recording.frames), panel: recording.panel)
                source.warnings = recording.warnings
                return source
            case .unistroke:
                let log = try UnistrokeLogImporter.parse(
                    text, file: path,
                    millimetresPerPixel: options.millimetresPerPixel ?? UnistrokeLogImporter.defaultMillimetresPerPixel)
                let frames = log.contactFrames()
                // A stroke log has samples only while the pen moves: a pause is not a lift.
                return ReplaySource(
                    name: path, items: frames.map { .frame($0) },
                    tracker: .eventDriven(reportRateHz: estimatedRate(frames)), panel: .scriptDefault)
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

    /// The rate the recording's frames came at (the median interval), for the tracker's gates.
    static func estimatedRate(_ frames: [ContactFrame]) -> Int {
        var intervals: [Microseconds] = []
        for index in frames.indices.dropFirst() {
            let interval = frames[index].timestamp - frames[index - 1].timestamp
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
    static func evemuTracker(_ frames: [ContactFrame]) -> TrackerConfiguration {
        evemuTracker(reportRateHz: estimatedRate(frames))
    }

    /// The same for a live device (`EvdevSession`), whose rate is not known ahead.
    static func evemuTracker(reportRateHz: Int) -> TrackerConfiguration {
        var tracker = TrackerConfiguration.eventDriven(reportRateHz: reportRateHz)
        tracker.anonymousGate = .infinity
        return tracker
    }
}
