import Glibc

/// A device made through /dev/uinput: the capabilities set before it exists, then raw events
/// written to it. `VirtualTouchscreen` and `BindingKeyboard` are built on it.
final class UInputDevice {
    private var descriptor: Int32
    let name: String

    struct AbsoluteAxis {
        var code: Int
        var minimum: Int
        var maximum: Int
        var resolution: Int
    }

    /// The path `serve` opens; a test may point it elsewhere.
    static let path = "/dev/uinput"

    init(name: String, keys: [Int], axes: [AbsoluteAxis], direct: Bool) throws(HostFailure) {
        self.name = name
        let fd = open(Self.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == EACCES
                ? "permission denied (install dist/60-touchhost.rules and add the user to the touchhost group, or run as root)"
                : errno == ENOENT ? "no such device (load the uinput module: modprobe uinput)" : String(cString: strerror(errno))
            throw HostFailure("\(Self.path): cannot create a virtual device: \(reason)")
        }
        descriptor = fd
        func set(_ request: UInt, _ value: Int) throws(HostFailure) {
            guard InputIoctl.call(fd, request, value: Int32(value)) == 0 else {
                throw HostFailure("\(Self.path): the kernel refused the device's capabilities: \(String(cString: strerror(errno)))")
            }
        }
        do throws(HostFailure) {
            try set(InputIoctl.setEventBit, InputCodes.evSyn)
            if !keys.isEmpty { try set(InputIoctl.setEventBit, InputCodes.evKey) }
            for key in keys { try set(InputIoctl.setKeyBit, key) }
            if !axes.isEmpty { try set(InputIoctl.setEventBit, InputCodes.evAbs) }
            for axis in axes {
                try set(InputIoctl.setAbsBit, axis.code)
                // struct uinput_abs_setup: code, padding, then input_absinfo (value, min, max, fuzz, flat, resolution).
                var setup = [Int32](repeating: 0, count: 7)
                setup[0] = Int32(axis.code)
                setup[2] = Int32(clamping: axis.minimum)
                setup[3] = Int32(clamping: axis.maximum)
                setup[6] = Int32(clamping: axis.resolution)
                guard setup.withUnsafeMutableBytes({ InputIoctl.call(fd, InputIoctl.absSetup, $0.baseAddress!) }) == 0 else {
                    throw HostFailure("\(Self.path): the kernel refused axis \(axis.code): \(String(cString: strerror(errno)))")
                }
            }
            if direct { try set(InputIoctl.setPropertyBit, InputCodes.inputPropDirect) }
            // struct uinput_setup: bustype, vendor, product, version (16 bits each), name[80], ff_effects_max.
            var setup = [UInt8](repeating: 0, count: InputIoctl.uinputSetupSize)
            let identity: [UInt16] = [0x06, 0x7468, 0x0001, 1]  // BUS_VIRTUAL, "th"
            for (index, value) in identity.enumerated() {
                setup[index * 2] = UInt8(value & 0xff)
                setup[index * 2 + 1] = UInt8(value >> 8)
            }
            for (index, byte) in name.utf8.prefix(79).enumerated() { setup[8 + index] = byte }
            guard setup.withUnsafeMutableBytes({ InputIoctl.call(fd, InputIoctl.setup, $0.baseAddress!) }) == 0,
                InputIoctl.call(fd, InputIoctl.create, value: 0) == 0
            else {
                throw HostFailure("\(Self.path): cannot create the virtual device: \(String(cString: strerror(errno)))")
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    deinit { destroy() }

    /// Writes events (type, code, value) as one write; the kernel stamps their time.
    func write(_ events: [(type: Int, code: Int, value: Int)]) {
        guard descriptor >= 0, !events.isEmpty else { return }
        var bytes = [UInt8](repeating: 0, count: events.count * InputIoctl.eventSize)
        bytes.withUnsafeMutableBytes { raw in
            for (index, event) in events.enumerated() {
                let offset = index * InputIoctl.eventSize
                raw.storeBytes(of: UInt16(event.type), toByteOffset: offset + 16, as: UInt16.self)
                raw.storeBytes(of: UInt16(event.code), toByteOffset: offset + 18, as: UInt16.self)
                raw.storeBytes(of: Int32(clamping: event.value), toByteOffset: offset + 20, as: Int32.self)
            }
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // the kernel's buffer is full of what nobody reads: this frame is lost, not the program
            }
            offset += written
        }
    }

    /// Removes the device from the system.
    func destroy() {
        guard descriptor >= 0 else { return }
        _ = InputIoctl.call(descriptor, InputIoctl.destroy, value: 0)
        Glibc.close(descriptor)
        descriptor = -1
    }
}
