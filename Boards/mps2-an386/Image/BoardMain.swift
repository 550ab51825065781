import TouchCore

/// The firmware image's entry, called by Reset_Handler once RAM and the FPU are set up.
@_cdecl("board_main")
public func boardMain() {
    var uart = CMSDKUART()
    var clock = SysTickClock(source: .reference)
    let banner: StaticString = "touchhost mps2-an386\r\n"
    banner.withUTF8Buffer { for byte in $0 { uart.write(byte) } }
    while true {
        _ = clock.now()
        if let byte = uart.readByte() { uart.write(byte) }
    }
}
