import Foundation
import TouchCore

// libFuzzer target `evemu-importer`: arbitrary text into EvemuImporter.parse (evemu device
// descriptions and event lines, multitouch protocols A and B and single touch). An import that
// succeeds is replayed through the tracker, whose touch stream must satisfy TouchStreamInvariants;
// one that fails must say so with an ImportError, never a trap.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemuImporter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let recording: EvemuImporter.Recording
    do {
        // Half the inputs give a size, half leave the importer to assume one.
        recording = try EvemuImporter(size: size % 2 == 0 ? PanelSize(width: 345, height: 194) : nil).parse(text, file: "fuzz.events")
    } catch {
        return 0
    }
    // As `replay` runs it: event-driven (silence holds touches, ids trusted), no anonymous gate.
    var configuration = TrackerConfiguration.eventDriven()
    configuration.anonymousGate = .infinity
    var tracker = SlotTracker(configuration: configuration)
    var invariants = TouchStreamInvariants(capacity: tracker.configuration.capacity)
    var batch = TouchFrameBatch()
    var single = TouchFrame(timestamp: 0)
    var statuses = StatusList(filler: .placeholder)
    var now: Microseconds = .min
    for frame in recording.frames {
        statuses.removeAll()
        // Evemu times come from the file and may go backwards; the host's clock does not.
        var frame = frame
        frame.timestamp = max(frame.timestamp, now)
        now = frame.timestamp
        while let deadline = tracker.nextDeadline, deadline < frame.timestamp {
            tracker.advance(to: deadline, into: &single, statuses: &statuses)
            invariants.check(single, listsEveryLiveTouch: false)
        }
        tracker.track(frame, into: &batch, statuses: &statuses)
        for index in batch.indices { invariants.check(batch[index], listsEveryLiveTouch: index == batch.count - 1) }
        invariants.checkLiveCount(tracker.liveTouchCount)
        precondition(invariants.isClean, "touch stream invariant broken: \(invariants.violations)")
    }
    return 0
}
