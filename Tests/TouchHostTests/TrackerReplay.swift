import TouchCore

/// Imported frames through the project's tracker, as `replay` runs them: every report, then time
/// advanced past the report timeout so touches left down end. Recordings report irregularly (a
/// still finger is silent in evdev; the $1 study's stylus paused up to 200 ms), so the timeouts are
/// seconds, as docs/tracking.md advises for such sources.
enum TrackerReplay {
    static func touchFrames(_ frames: [ContactFrame]) -> [TouchFrame] {
        var tracker = SlotTracker(
            configuration: TrackerConfiguration(staleGap: 5_000_000, minimumReportTimeout: 5_000_000))
        var output: [TouchFrame] = []
        var statuses = StatusList(filler: .placeholder)
        for frame in frames {
            var batch = TouchFrameBatch()
            tracker.track(frame, into: &batch, statuses: &statuses)
            statuses.removeAll()
            for i in batch.indices { output.append(batch[i]) }
        }
        var last = TouchFrame(timestamp: 0)
        let end = (frames.last?.timestamp ?? 0) + 10_000_000
        tracker.advance(to: end, into: &last, statuses: &statuses)
        if !last.touches.isEmpty { output.append(last) }
        return output
    }
}
