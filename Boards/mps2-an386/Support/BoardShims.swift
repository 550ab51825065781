// The board's C pieces (Support/*.c), declared for Swift.

@_extern(c, "board_semihost_exit")
func boardSemihostExit(_ status: UInt32)

@_extern(c, "board_semihost_write0")
func boardSemihostWrite0(_ text: UnsafePointer<UInt8>)

@_extern(c, "board_stack_repaint")
func boardStackRepaint()

@_extern(c, "board_stack_high_water")
func boardStackHighWater() -> UInt32

@_extern(c, "board_stack_size")
func boardStackSize() -> UInt32
