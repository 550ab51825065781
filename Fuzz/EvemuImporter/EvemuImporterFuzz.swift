import Foundation
import TouchCore

// libFuzzer target `evemu-importer`: arbitrary text into EvemuImporter.parse (evemu device
// descriptions and event lines, multitouch protocols A and B and single touch). An import that
// succeeds is replayed as `touchhost replay` replays an evemu file: its frames into a
// TouchPipeline with an event-driven source's tracker settings (silence holds touches) and the
// kiosk recognizers, then the pipeline finished. Evemu times come from the file and may go
// backwards; the pipeline takes such a frame as happening now. Everything it makes must keep the
// touch and gesture streams' promises (CheckedOutput). An import that fails must say so with an
// ImportError, never a trap.

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
    var pipeline = TouchPipeline(
        tracker: configuration, engine: BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194))
    var output = CheckedOutput(capacity: pipeline.tracker.configuration.capacity)
    for frame in recording.frames {
        output.consume(frame, in: &pipeline)
        output.requireClean()
    }
    output.finish(&pipeline)
    output.requireClean()
    return 0
}
