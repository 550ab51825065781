import Boards
import Firmware
import TouchCore

/// The controller lives in .bss and is built there in place: it is several times larger than the
/// stack, so it is only ever passed inout, never copied. The image runs the 15.6-inch kiosk board,
/// the catalog's default and the size budget's subject.
nonisolated(unsafe) var controller = TouchController(board: Boards.kiosk15, seed: 0x4D50_5332)

/// The firmware image's entry, called by Reset_Handler once RAM and the FPU are set up: a polled
/// loop that hands every byte from UART RX to the controller and lets it run the scans due on the
/// SysTick clock, writing replies and reports to UART TX. Its first advance sends the power-up
/// delimiter and device info.
///
/// At most one scan per pass: a core too slow for the report rate (or QEMU on a busy host) then
/// falls behind by whole scans but still reads commands between them, instead of catching up on
/// a backlog with RX unread. Timestamps stay those of the schedule.
@_cdecl("board_main")
public func boardMain() {
    var uart = CMSDKUART()
    var clock = SysTickClock(source: .reference)
    while true {
        while let byte = uart.readByte() { controller.receive(byte) }
        controller.advance(to: min(clock.now(), controller.nextScanTime), output: &uart)
    }
}
