import Boards
import Firmware
import TouchCore

/// The controller lives in .bss and is built there in place: it is several times larger than the
/// stack, so it is only ever passed inout, never copied. The image runs the 15.6-inch kiosk board,
/// the catalog's default and the size budget's subject.
nonisolated(unsafe) var controller = TouchController(board: Boards.kiosk15, seed: 0x4D50_5332)

/// The firmware image's entry, called by Reset_Handler (`runBoard`).
@_cdecl("board_main")
public func boardMain() {
    runBoard(&controller)
}
