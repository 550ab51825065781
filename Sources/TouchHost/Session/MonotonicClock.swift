import Glibc
import TouchCore

/// The host's wall clock for live links: monotonic microseconds, immune to clock changes. Used
/// only at the edges (the emulator's scan clock, idle timers between reports), never in the core.
public enum MonotonicClock {
    public static func now() -> Microseconds {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Microseconds(time.tv_sec) * 1_000_000 + Microseconds(time.tv_nsec) / 1_000
    }
}
