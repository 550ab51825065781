import Glibc

/// The kernel's evdev and uinput request numbers (linux/input.h, linux/uinput.h), computed the way
/// the `_IOC` macros compute them, which Swift cannot import. x86_64 and arm64 share them.
enum InputIoctl {
    private static func request(_ direction: UInt, _ type: Character, _ number: UInt, _ size: Int) -> UInt {
        (direction << 30) | (UInt(size) << 16) | (UInt(type.asciiValue!) << 8) | number
    }
    private static let none: UInt = 0
    private static let write: UInt = 1
    private static let read: UInt = 2

    // evdev
    /// struct input_id: bus type, vendor, product, version (four UInt16).
    static let getId = request(read, "E", 0x02, 8)
    static func getName(_ length: Int) -> UInt { request(read, "E", 0x06, length) }
    static func getProperties(_ length: Int) -> UInt { request(read, "E", 0x09, length) }
    static func getMTSlots(_ length: Int) -> UInt { request(read, "E", 0x0a, length) }
    static func getKeys(_ length: Int) -> UInt { request(read, "E", 0x18, length) }
    static func getBits(_ eventType: Int, _ length: Int) -> UInt { request(read, "E", 0x20 + UInt(eventType), length) }
    static func getAbs(_ code: Int) -> UInt { request(read, "E", 0x40 + UInt(code), absInfoSize) }
    static let grab = request(write, "E", 0x90, 4)
    static let setClock = request(write, "E", 0xa0, 4)

    // uinput
    static let create = request(none, "U", 1, 0)
    static let destroy = request(none, "U", 2, 0)
    /// struct uinput_setup: input_id (8 bytes), name[80], ff_effects_max (4).
    static let setup = request(write, "U", 3, uinputSetupSize)
    /// struct uinput_abs_setup: code (2), padding (2), input_absinfo.
    static let absSetup = request(write, "U", 4, 4 + absInfoSize)
    static let setEventBit = request(write, "U", 100, 4)
    static let setKeyBit = request(write, "U", 101, 4)
    static let setAbsBit = request(write, "U", 103, 4)
    static let setPropertyBit = request(write, "U", 110, 4)

    /// struct input_absinfo: value, minimum, maximum, fuzz, flat, resolution (six Int32).
    static let absInfoSize = 24
    static let uinputSetupSize = 92
    /// struct input_event on 64-bit Linux: a timeval (two 64-bit words), type, code (16 bits), value (32).
    static let eventSize = 24

    /// `ioctl` with a pointer argument; -1 and errno on failure.
    static func call(_ fd: Int32, _ request: UInt, _ pointer: UnsafeMutableRawPointer) -> Int32 {
        ioctl(fd, request, pointer)
    }

    /// `ioctl` with an integer argument.
    static func call(_ fd: Int32, _ request: UInt, value: Int32) -> Int32 {
        ioctl(fd, request, value)
    }
}

/// Event types and codes touchhost reads or writes, beside `EvemuEvent`'s.
enum InputCodes {
    static let evSyn = 0x00
    static let evKey = 0x01
    static let evAbs = 0x03
    static let absMax = 0x3f
    static let eventTypeMax = 0x1f
    static let propertyMax = 0x1f
    static let keyMax = 0x2ff
    static let btnTouch = 0x14a
    static let absMTSlot = 0x2f
    static let absMTTrackingId = 0x39
    static let inputPropDirect = 0x01
}
