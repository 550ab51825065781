import Boards
import Firmware
import TouchCore

/// The kiosk gesture set as the controller runs it in gestures mode (`ControllerRecognition`),
/// timed apart from the scan. 50 KB on this core (no template library: docs/performance.md, "Where
/// a pipeline's bytes go"): it fits the self-test image, not the kiosk-15 firmware's 32 KiB RAM
/// budget, so this measures what a larger controller would pay per scan.
nonisolated(unsafe) var costRecognition = TimedListener<ControllerRecognition>(board: Boards.kiosk15)

/// Times the listener it wraps on the core clock, per scan.
struct TimedListener<Inner: ScanListener & ~Copyable>: ScanListener, ~Copyable {
    var inner: Inner
    var clock: SysTickClock? = nil
    var ticks: Int64 = 0
    var scans = 0

    /// Builds the recognition in its place (a finished one passed in is another copy on the stack).
    init(board: BoardDefinition) where Inner == ControllerRecognition {
        inner = ControllerRecognition(board: board)
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
        selfTestController.mode = .contacts
        if costRecognition.scans != frames { fail("gesture scans timed: ", costRecognition.scans, &console) }
    }
}
