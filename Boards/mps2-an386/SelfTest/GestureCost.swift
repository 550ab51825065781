import Boards
import Firmware
import TouchCore

/// The kiosk gesture set as the gestures image runs it (`ControllerRecognition` with its pipeline
/// in a global of its own, GesturesImage/BoardMain.swift), timed apart from the scan.
nonisolated(unsafe) var recognitionPipeline = KioskTouchPipeline(
    tracker: TrackerConfiguration(reportRateHz: Boards.kiosk15.reportRate),
    engineConfiguration: GestureEngineConfiguration(panelWidth: Boards.kiosk15.panelWidth, panelHeight: Boards.kiosk15.panelHeight))
nonisolated(unsafe) var costRecognition = TimedListener(
    ControllerRecognition(store: PipelineReference(withUnsafeMutablePointer(to: &recognitionPipeline) { $0 })))

/// Times the listener it wraps on the core clock, per scan.
struct TimedListener<Inner: ScanListener & ~Copyable>: ScanListener, ~Copyable {
    var inner: Inner
    var clock: SysTickClock? = nil
    var ticks: Int64 = 0
    var scans = 0

    init(_ inner: consuming Inner) {
        self.inner = inner
    }

    mutating func startTiming() {
        clock = SysTickClock(source: .processor)
        ticks = 0
        scans = 0
    }

    mutating func scanned<S: ByteSink>(_ result: ScanResult, context: ScanContext, to output: inout S) {
        guard var clock else {
            inner.scanned(result, context: context, to: &output)
            return
        }
        let start = clock.ticks()
        inner.scanned(result, context: context, to: &output)
        ticks += clock.ticks() - start
        scans += 1
        self.clock = clock
    }
}

/// Counts what the controller writes, and keeps none of it.
struct CountingSink: ByteSink {
    var bytes = 0
    mutating func write(_ byte: UInt8) { bytes &+= 1 }
}

extension ScanChecks {
    /// Core-clock ticks the gesture set adds per scan with `fingers` fingers (at most ten) down and
    /// dragging 1 mm a scan, averaged over `frames` scans after they have been confirmed.
    mutating func measureGestureCost(fingers: Int, frames: Int, _ console: inout SemihostConsole) {
        restart()
        selfTestController.mode = .gestures
        let points = Self.tenFingers()
        let count = min(fingers, points.count)
        var sink = CountingSink()
        for i in 0..<count {
            selfTestController.apply(FingerStimulus(finger: UInt8(truncatingIfNeeded: i + 1), action: .down, position: points[i]))
        }
        for _ in 0..<6 { selfTestController.advance(to: selfTestController.nextScanTime, output: &sink, listener: &costRecognition) }
        costRecognition.startTiming()
        for frame in 0..<frames {
            for i in 0..<count {
                let moved = points[i] + PanelPoint(x: Float(frame + 1), y: Float(frame + 1) * 0.5)
                selfTestController.apply(FingerStimulus(finger: UInt8(truncatingIfNeeded: i + 1), action: .move, position: moved))
            }
            selfTestController.advance(to: selfTestController.nextScanTime, output: &sink, listener: &costRecognition)
        }
        let scans = max(1, costRecognition.scans)
        console.append("gesture-cost: contacts ")
        console.append(count)
        console.append(" frames ")
        console.append(costRecognition.scans)
        console.append(" recognition-ticks/frame ")
        console.append(costRecognition.ticks / Int64(_truncatingBits: UInt(bitPattern: scans)))
        console.append(" bytes ")
        console.append(sink.bytes)
        console.flush()
        if costRecognition.scans != frames { fail("gesture scans timed: ", costRecognition.scans, &console) }
        // The lift ends every recognizer (the stroke analyzers read the whole stroke then), so the
        // stack measured after this covers a gesture's end too.
        selfTestController.apply(FingerStimulus(finger: 0, action: .liftAll, position: .zero))
        for _ in 0..<4 { selfTestController.advance(to: selfTestController.nextScanTime, output: &sink, listener: &costRecognition) }
        selfTestController.mode = .contacts
    }
}
