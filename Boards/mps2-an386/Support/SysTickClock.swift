import TouchCore
import _Volatile

/// A 64-bit tick count from the 24-bit SysTick down-counter, without its interrupt: every read adds
/// the ticks since the previous read, so reads must come at least once per wrap (16.7 s at the
/// 1 MHz reference clock, 0.67 s on the 25 MHz core clock), which any firmware loop does.
public struct SysTickClock {
    public enum Source {
        /// 1 MHz: one tick per microsecond, the firmware's time base.
        case reference
        /// The core clock; under `qemu -icount shift=0` one tick is 40 instructions.
        case processor
    }

    private let csr = VolatileMappedRegister<UInt32>(unsafeBitPattern: 0xE000_E010)
    private let rvr = VolatileMappedRegister<UInt32>(unsafeBitPattern: 0xE000_E014)
    private let cvr = VolatileMappedRegister<UInt32>(unsafeBitPattern: 0xE000_E018)
    private static let mask: UInt32 = 0x00FF_FFFF
    private var last: UInt32 = 0
    private var total: Int64 = 0

    public init(source: Source = .reference) {
        csr.store(0)
        rvr.store(Self.mask)
        cvr.store(0)  // any write clears the counter; it reloads on the next tick
        let clockSource: UInt32 = source == .processor ? 1 << 2 : 0
        csr.store(clockSource | 1)
        // Starts from what the counter holds now (0 until its first reload), not from the reload
        // value: assuming the latter made the first read jump by a whole wrap.
        last = cvr.load() & Self.mask
    }

    /// Ticks since init.
    public mutating func ticks() -> Int64 {
        let now = cvr.load() & Self.mask
        // `Int64(_:)` from a 32-bit integer does not build with -no-allocations on this target (the
        // generic conversion path is kept); `_truncatingBits` zero-extends directly.
        total += Int64(_truncatingBits: UInt((last &- now) & Self.mask))
        last = now
        return total
    }

    /// Microseconds since init, for a clock on the reference source.
    public mutating func now() -> Microseconds {
        ticks()
    }
}
