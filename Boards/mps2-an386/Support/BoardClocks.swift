/// QEMU's mps2-an386 clocks: SYSCLK (core and APB peripherals) 25 MHz, SysTick's reference
/// clock 1 MHz.
public enum BoardClocks {
    public static let coreHz: UInt32 = 25_000_000
    public static let peripheralHz: UInt32 = 25_000_000
    public static let systickReferenceHz: UInt32 = 1_000_000
}
