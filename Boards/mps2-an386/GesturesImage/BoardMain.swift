import Boards
import Firmware
import TouchCore

/// The gestures-mode image: the kiosk-15 controller with the kiosk gesture set on board
/// (`GestureController`), so that a host can ask for `touch` and `gesture` frames instead of
/// contact reports. Built in place in .bss, as the plain image's controller.
nonisolated(unsafe) var controller = GestureController(board: Boards.kiosk15, seed: 0x4D50_5332)

/// The gestures image's entry, called by Reset_Handler (`runBoard`).
@_cdecl("board_main")
public func boardMain() {
    runBoard(&controller)
}
