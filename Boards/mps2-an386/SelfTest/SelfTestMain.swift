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
    failures += scan.failures

    console.append("selftest: stack high-water ")
    console.append(Int(boardStackHighWater()))
    console.append(" of ")
    console.append(Int(boardStackSize()))
    console.append(" bytes")
    console.flush()
    // A stack used to its last words has probably overflowed below SRAM, where QEMU drops writes.
    if boardStackHighWater() + 64 >= boardStackSize() {
        console.line("selftest: FAIL stack exhausted")
        failures += 1
    }
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
