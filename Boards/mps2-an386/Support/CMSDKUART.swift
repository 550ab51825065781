import TouchCore
import _Volatile

/// The CMSDK APB UART of the MPS2 boards (UART0 at 0x4000_4000 on mps2-an386). Polled, no
/// interrupts: the firmware loop drains RX every pass and TX blocks only while the 1-byte
/// holding register is full.
public struct CMSDKUART: ByteSink {
    public static let uart0Base: UInt = 0x4000_4000

    private let data: VolatileMappedRegister<UInt32>
    private let state: VolatileMappedRegister<UInt32>
    private let ctrl: VolatileMappedRegister<UInt32>
    private let bauddiv: VolatileMappedRegister<UInt32>

    private static let txFull: UInt32 = 1 << 0
    private static let rxFull: UInt32 = 1 << 1
    private static let txEnable: UInt32 = 1 << 0
    private static let rxEnable: UInt32 = 1 << 1

    /// Enables TX and RX. QEMU does not pace bytes by the baud rate, but it warns about a divider
    /// below 16, so a real one is programmed as hardware would need.
    public init(base: UInt = CMSDKUART.uart0Base, peripheralClockHz: UInt32 = BoardClocks.peripheralHz,
                baud: UInt32 = 115_200) {
        data = VolatileMappedRegister(unsafeBitPattern: base)
        state = VolatileMappedRegister(unsafeBitPattern: base + 0x4)
        ctrl = VolatileMappedRegister(unsafeBitPattern: base + 0x8)
        bauddiv = VolatileMappedRegister(unsafeBitPattern: base + 0x10)
        bauddiv.store(max(16, peripheralClockHz / baud))
        ctrl.store(Self.txEnable | Self.rxEnable)
    }

    /// The next received byte, or nil when none is waiting.
    public func readByte() -> UInt8? {
        guard state.load() & Self.rxFull != 0 else { return nil }
        return UInt8(truncatingIfNeeded: data.load())
    }

    public mutating func write(_ byte: UInt8) {
        while state.load() & Self.txFull != 0 {}
        data.store(UInt32(byte))
    }
}
