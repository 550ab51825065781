import Glibc
import TouchCore

/// One open Linux input device (`/dev/input/eventN`): what it is (name, axes with their ranges and
/// resolution, read with EVIOCGABS), its current state (EVIOCGMTSLOTS, EVIOCGKEY: libevdev's
/// resync), and its events, read without blocking. Timestamps come on the monotonic clock
/// (EVIOCSCLOCKID), the clock the run loop keeps.
final class EvdevDevice {
    let path: String
    private(set) var descriptor: Int32
    let description: EvemuDevice
    let protocolKind: EvemuImporter.ProtocolKind

    /// Whether `path` names a Linux input device rather than a serial port: under /dev/input, or
    /// a link that leads there.
    static func isInputDevice(_ path: String) -> Bool {
        if path.hasPrefix("/dev/input/") { return true }
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        return String(cString: resolved).hasPrefix("/dev/input/event")
    }

    /// Opens `path` for reading; `grab` takes it for touchhost alone (EVIOCGRAB).
    init(path: String, grab: Bool) throws(HostFailure) {
        self.path = path
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == EACCES ? "permission denied (add the user to the input group)" : String(cString: strerror(errno))
            throw HostFailure("\(path): cannot open the input device: \(reason)")
        }
        descriptor = fd
        var clock = Int32(CLOCK_MONOTONIC)
        _ = InputIoctl.call(fd, InputIoctl.setClock, &clock)
        if grab && InputIoctl.call(fd, InputIoctl.grab, value: 1) != 0 {
            Glibc.close(fd)
            throw HostFailure("\(path): cannot grab the input device: another program holds it")
        }
        description = Self.describe(fd)
        let abs = Self.bits(fd, type: InputCodes.evAbs, count: InputCodes.absMax + 1)
        if abs.contains(EvemuEvent.absMTSlot) {
            protocolKind = .slots
        } else if abs.contains(EvemuEvent.absMTPositionX) {
            protocolKind = .anonymous
        } else {
            protocolKind = .singleTouch
        }
    }

    deinit { close() }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Name and absolute axes, as an evemu description has them.
    private static func describe(_ fd: Int32) -> EvemuDevice {
        var device = EvemuDevice()
        var name = [UInt8](repeating: 0, count: 256)
        if name.withUnsafeMutableBytes({ InputIoctl.call(fd, InputIoctl.getName(255), $0.baseAddress!) }) > 0 {
            device.name = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
        }
        for code in bits(fd, type: InputCodes.evAbs, count: InputCodes.absMax + 1) {
            guard let info = absInfo(fd, code) else { continue }
            device.axes[code] = EvemuDevice.Axis(
                minimum: Int(info[1]), maximum: Int(info[2]), fuzz: Int(info[3]), flat: Int(info[4]), resolution: Int(info[5]))
        }
        return device
    }

    /// The codes of `type` the device has (EVIOCGBIT).
    private static func bits(_ fd: Int32, type: Int, count: Int) -> [Int] {
        var mask = [UInt8](repeating: 0, count: (count + 7) / 8)
        let length = mask.count
        guard mask.withUnsafeMutableBytes({ InputIoctl.call(fd, InputIoctl.getBits(type, length), $0.baseAddress!) }) >= 0 else { return [] }
        return (0..<count).filter { mask[$0 / 8] & (1 << ($0 % 8)) != 0 }
    }

    /// value, minimum, maximum, fuzz, flat, resolution of one axis (EVIOCGABS).
    private static func absInfo(_ fd: Int32, _ code: Int) -> [Int32]? {
        var info = [Int32](repeating: 0, count: 6)
        let status = info.withUnsafeMutableBytes { InputIoctl.call(fd, InputIoctl.getAbs(code), $0.baseAddress!) }
        return status < 0 ? nil : info
    }

    /// The bus, vendor, product and version (EVIOCGID), as an evemu `I:` line gives them.
    func identity() -> [UInt16] {
        var id = [UInt16](repeating: 0, count: 4)
        let fd = descriptor
        guard id.withUnsafeMutableBytes({ InputIoctl.call(fd, InputIoctl.getId, $0.baseAddress!) }) >= 0 else { return id }
        return id
    }

    /// The property bits (EVIOCGPROP), as an evemu `P:` line gives them.
    func propertyMask() -> [UInt8] {
        Self.mask(descriptor, request: InputIoctl.getProperties, bytes: (InputCodes.propertyMax + 8) / 8)
    }

    /// The codes of each event type the device has (EVIOCGBIT), as evemu's `B:` lines give them:
    /// type 0 lists the types, and a type the device lacks is left out.
    func eventMasks() -> [(type: Int, mask: [UInt8])] {
        let fd = descriptor
        let types = Self.mask(fd, request: { InputIoctl.getBits(0, $0) }, bytes: (InputCodes.eventTypeMax + 8) / 8)
        var masks = [(type: 0, mask: types)]
        for type in 1...InputCodes.eventTypeMax where types[type / 8] & (1 << (type % 8)) != 0 {
            masks.append((type, Self.mask(fd, request: { InputIoctl.getBits(type, $0) }, bytes: (InputCodes.keyMax + 8) / 8)))
        }
        return masks
    }

    /// A bit mask read by `request`, as long as the kernel made it (at most `bytes`).
    private static func mask(_ fd: Int32, request: (Int) -> UInt, bytes: Int) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: bytes)
        let filled = mask.withUnsafeMutableBytes { InputIoctl.call(fd, request(bytes), $0.baseAddress!) }
        return filled < 0 ? [] : Array(mask.prefix(Int(filled)))
    }

    /// The slots the device declares (ABS_MT_SLOT's range), at most 64.
    var slotCount: Int { min(max((description.axes[EvemuEvent.absMTSlot]?.maximum ?? 0) + 1, 1), 64) }

    /// What the device holds now: every slot's tracking id, position and shape, the current slot,
    /// BTN_TOUCH and the single-touch position.
    func state() -> EvemuFrameDecoder.DeviceState {
        var state = EvemuFrameDecoder.DeviceState()
        let fd = descriptor
        func current(_ code: Int) -> Int? { description.axes[code] == nil ? nil : Self.absInfo(fd, code).map { Int($0[0]) } }
        state.singleX = current(EvemuEvent.absX) ?? 0
        state.singleY = current(EvemuEvent.absY) ?? 0
        state.currentSlot = current(EvemuEvent.absMTSlot) ?? 0
        var keys = [UInt8](repeating: 0, count: (InputCodes.keyMax + 8) / 8)
        let keyLength = keys.count
        if keys.withUnsafeMutableBytes({ InputIoctl.call(fd, InputIoctl.getKeys(keyLength), $0.baseAddress!) }) >= 0 {
            state.touching = keys[InputCodes.btnTouch / 8] & (1 << (InputCodes.btnTouch % 8)) != 0
        }
        guard protocolKind == .slots else { return state }
        func slotValues(_ code: Int) -> [Int]? {
            guard description.axes[code] != nil else { return nil }
            // struct input_mt_request_layout: the code, then one value per slot.
            var request = [Int32](repeating: 0, count: slotCount + 1)
            request[0] = Int32(code)
            let length = request.count * 4
            let status = request.withUnsafeMutableBytes { InputIoctl.call(fd, InputIoctl.getMTSlots(length), $0.baseAddress!) }
            return status < 0 ? nil : request.dropFirst().map(Int.init)
        }
        guard let ids = slotValues(EvemuEvent.absMTTrackingId) else { return state }
        let xs = slotValues(EvemuEvent.absMTPositionX)
        let ys = slotValues(EvemuEvent.absMTPositionY)
        let majors = slotValues(EvemuEvent.absMTTouchMajor)
        let minors = slotValues(EvemuEvent.absMTTouchMinor)
        let orientations = slotValues(EvemuEvent.absMTOrientation)
        for slot in 0..<slotCount {
            state.slots[slot] = .init(
                trackingId: ids[slot], x: xs?[slot] ?? 0, y: ys?[slot] ?? 0, major: majors?[slot], minor: minors?[slot],
                orientation: orientations?[slot])
        }
        return state
    }

    enum ReadOutcome {
        /// Events were read (maybe none: nothing was waiting).
        case read
        /// The device is gone (unplugged, its driver unloaded).
        case gone(String)
    }

    /// Appends the events waiting, at most `limit`, without blocking.
    func read(into events: inout [EvemuEvent], limit: Int = 256) -> ReadOutcome {
        var buffer = [UInt8](repeating: 0, count: InputIoctl.eventSize * 64)
        var taken = 0
        while taken < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return .read }
                return .gone(String(cString: strerror(errno)))
            }
            if count == 0 { return .gone("end of file") }
            buffer.withUnsafeBytes { raw in
                for offset in stride(from: 0, to: count - InputIoctl.eventSize + 1, by: InputIoctl.eventSize) {
                    let seconds = raw.loadUnaligned(fromByteOffset: offset, as: Int64.self)
                    let micro = raw.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)
                    let type = raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self)
                    let code = raw.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self)
                    let value = raw.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self)
                    events.append(EvemuEvent(
                        time: seconds &* 1_000_000 &+ micro, type: Int(type), code: Int(code), value: Int(value)))
                }
            }
            taken += count / InputIoctl.eventSize
        }
        return .read
    }
}
