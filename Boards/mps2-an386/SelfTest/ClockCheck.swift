import TouchCore
import _Volatile

/// SysTick's 1 MHz reference clock is the firmware's time base: checked against CMSDK timer 0,
/// which counts the 25 MHz peripheral clock, over the same stretch of (virtual) time, so host
/// scheduling jitter moves both alike and a wrong source or rate shows as a wrong ratio.
enum ClockCheck {
    static func run(_ console: inout SemihostConsole) -> Int {
        let timerControl = VolatileMappedRegister<UInt32>(unsafeBitPattern: 0x4000_0000)
        let timerValue = VolatileMappedRegister<UInt32>(unsafeBitPattern: 0x4000_0004)
        let timerReload = VolatileMappedRegister<UInt32>(unsafeBitPattern: 0x4000_0008)
        timerControl.store(0)
        timerReload.store(.max)
        timerValue.store(.max)
        timerControl.store(1)

        var reference = SysTickClock(source: .reference)
        let start = reference.now()
        let timerStart = timerValue.load()
        var spins = 0
        // Polls for 20 ms; bounded so a stopped clock fails instead of hanging.
        while reference.now() - start < 20_000 && spins < 50_000_000 { spins += 1 }
        let timerTicks = timerStart &- timerValue.load()
        let elapsed = reference.now() - start
        let ratio = Float(elapsed) > 0 ? Float(Int(timerTicks)) / Float(elapsed) : 0
        // A fresh clock starts near zero (a stalled host may add some milliseconds; a wrong start is a
        // whole 16.7 s wrap), and runs at 1 MHz against the 25 MHz timer.
        let ok = start < 1_000_000 && elapsed >= 20_000 && ratio > 24 && ratio < 26
        console.append("clock: reference started at ")
        console.append(start)
        console.append(" us; over ")
        console.append(elapsed)
        console.append(" us the 25 MHz timer counted ")
        console.append(ratio)
        console.append(" ticks/us")
        console.flush()
        if !ok { console.line("clock: FAIL") }
        return ok ? 0 : 1
    }
}
