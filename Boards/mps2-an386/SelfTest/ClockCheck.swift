import TouchCore
import _Volatile

/// SysTick's 1 MHz reference clock is the firmware's time base: checked against CMSDK timer 0,
/// which counts the 25 MHz peripheral clock, over the same stretch of (virtual) time, so a wrong
/// source or rate shows as a disagreement.
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
        // Each timer read is bracketed by two clock reads, so a host stall between reads widens
        // the accepted range instead of failing the check.
        let t0 = reference.now()
        let timerStart = timerValue.load()
        let t1 = reference.now()
        var spins = 0
        // Polls for 20 ms; bounded so a stopped clock fails instead of hanging.
        while reference.now() - t1 < 20_000 && spins < 50_000_000 { spins += 1 }
        let t2 = reference.now()
        let timerEnd = timerValue.load()
        let t3 = reference.now()
        let timerMicros = Int64(_truncatingBits: UInt(timerStart &- timerEnd)) / 25
        // A fresh clock starts near zero (a wrong start is a whole 16.7 s wrap), and the two agree
        // within a factor of two: a wrong clock source is off by 25. Closer is not asked for,
        // because on a busy host QEMU's two timers were seen to drift apart by up to 30 %.
        let ok = t0 < 1_000_000 && t2 - t1 >= 20_000 && 2 * timerMicros >= t2 - t1 && timerMicros <= 2 * (t3 - t0)
        console.append("clock: reference started at ")
        console.append(t0)
        console.append(" us; the 25 MHz timer measured ")
        console.append(timerMicros)
        console.append(" us of the clock's ")
        console.append(t2 - t1)
        console.append("...")
        console.append(t3 - t0)
        console.flush()
        if !ok { console.line("clock: FAIL") }
        return ok ? 0 : 1
    }
}
