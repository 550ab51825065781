import Firmware
import TouchCore

/// What a firmware image's main loop drives: the plain controller, or one that also recognizes
/// gestures.
protocol BoardController: ~Copyable {
    var nextScanTime: Microseconds { get }
    mutating func receive(_ byte: UInt8)
    mutating func advance<S: ByteSink>(to time: Microseconds, output: inout S)
}

extension TouchController: BoardController {}
extension GestureController: BoardController where Store: ~Copyable {}

/// A firmware image's main loop, called by its `board_main` once RAM and the FPU are set up: a
/// polled loop that hands every byte from UART RX to the controller and lets it run the scans
/// due on the SysTick clock, writing replies and reports to UART TX. Its first advance sends the
/// power-up delimiter and device info.
///
/// At most one scan per pass: a core too slow for the report rate (or QEMU on a busy host) then
/// falls behind by whole scans but still reads commands between them, instead of catching up on
/// a backlog with RX unread. Timestamps stay those of the schedule.
///
/// The two steps stay out of line: inlined here, each path's temporaries (frames being decoded
/// and encoded, a scan's result) got a slot of their own in this one frame, 8 KiB of stack.
func runBoard<Controller: BoardController & ~Copyable>(_ controller: inout Controller) -> Never {
    var uart = CMSDKUART()
    var clock = SysTickClock(source: .reference)
    while true {
        receiveAll(from: &uart, into: &controller)
        advance(&controller, to: min(clock.now(), controller.nextScanTime), output: &uart)
    }
}

@inline(never)
private func receiveAll<Controller: BoardController & ~Copyable>(from uart: inout CMSDKUART, into controller: inout Controller) {
    while let byte = uart.readByte() { controller.receive(byte) }
}

@inline(never)
private func advance<Controller: BoardController & ~Copyable>(_ controller: inout Controller, to time: Microseconds, output: inout CMSDKUART) {
    controller.advance(to: time, output: &output)
}
