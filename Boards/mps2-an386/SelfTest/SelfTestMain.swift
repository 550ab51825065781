/// The self-test image's entry: checks the board's runtime helpers and the clock, runs the scan
/// pipeline on built-in stimuli, prints results on the semihosting console and ends QEMU with
/// 0 (pass) or 1 (fail).
@_cdecl("board_main")
public func boardMain() {
    var console = SemihostConsole()
    console.line("selftest: mps2-an386")
    var failures = 0

    var runtime = RuntimeChecks()
    runtime.run(&console)
    failures += runtime.failures

    failures += ClockCheck.run(&console)

    var scan = ScanChecks()
    scan.run(&console)
    scan.measureScanCost(fingers: 0, frames: 20, &console)
    scan.measureScanCost(fingers: 10, frames: 20, &console)
    // Everything so far must fit the firmware image's own stack.
    failures += checkStack(limit: firmwareStackSize, "selftest: stack high-water ", &console)
    // The gesture set is built at its first use, in place (its pipeline a global of its own); the
    // stack is painted again after that, so that what recognizing needs, which a controller
    // running gestures mode pays on every scan, is measured apart from building it.
    costRecognition.startTiming()
    failures += checkStack(limit: Int(boardStackSize()), "selftest: stack high-water building the gesture set ", &console)
    boardStackRepaint()
    scan.measureGestureCost(fingers: 1, frames: 20, &console)
    scan.measureGestureCost(fingers: 10, frames: 20, &console)
    failures += scan.failures
    failures += checkStack(limit: Int(boardStackSize()), "selftest: stack high-water recognizing ", &console)
    if failures == 0 {
        console.line("selftest: PASS")
        exitQEMU(0)
    }
    console.append("selftest: FAIL (")
    console.append(failures)
    console.append(" checks)")
    console.flush()
    exitQEMU(1)
}

/// The firmware image's stack (link.ld's default STACK_SIZE).
let firmwareStackSize = 16 * 1024

/// Reports the stack's high-water mark and fails when it reached `limit`: a stack used to its last
/// words has probably overflowed below SRAM, where QEMU drops writes.
func checkStack(limit: Int, _ label: StaticString, _ console: inout SemihostConsole) -> Int {
    let used = Int(boardStackHighWater())
    console.append(label)
    console.append(used)
    console.append(" of ")
    console.append(limit)
    console.append(" bytes")
    console.flush()
    guard used + 64 >= limit else { return 0 }
    console.line("selftest: FAIL stack exhausted")
    return 1
}
