import TouchCore

/// SysTick must advance on both clock sources, the core clock 25 times faster than the 1 MHz
/// reference: a wrong source would make every firmware timestamp wrong by that factor.
enum ClockCheck {
    static func run(_ console: inout SemihostConsole) -> Int {
        var reference = SysTickClock(source: .reference)
        let start = reference.now()
        var spins = 0
        // Spins until 2 ms have passed; bounded so a stopped clock fails instead of hanging.
        while reference.now() - start < 2_000 && spins < 50_000_000 { spins += 1 }
        let advanced = reference.now() - start >= 2_000
        console.append("clock: reference source ")
        console.append(advanced ? "advances" : "STOPPED")
        console.flush()
        return advanced ? 0 : 1
    }
}
