import TouchCore

/// The virtual multitouch touchscreen `serve --uinput` gives the system (contracts.md section 8):
/// a direct device (`INPUT_PROP_DIRECT`) speaking protocol B, with `BTN_TOUCH` and `ABS_X`/`ABS_Y`
/// for single-touch clients. It shows touchhost's tracked touches, nothing else: a suppressed palm
/// or ghost never becomes a touch, so it never reaches it. Every touch change of one instant goes
/// out in one frame (`SYN_REPORT`), so a stall's cancellations release every slot at once.
///
/// Positions are panel tenths of a millimetre (resolution 10 units/mm), or with a screen the
/// screen's pixels after rotation, flip and calibration (`ScreenMapping`), with the resolution that
/// gives the panel's size. Touch major and minor where the source measures them.
public final class VirtualTouchscreen {
    private let device: UInputDevice
    private let mapping: ScreenMapping?
    private let unitsPerMillimetre: Double
    private let maximum: (x: Int, y: Int)

    private struct Contact: Equatable {
        var trackingId: Int
        var x: Int
        var y: Int
        var major: Int?
        var minor: Int?
    }

    /// What the clients were last told, by slot; and what the frame being built changes.
    private var shown: [Int: Contact] = [:]
    private var pending: [Int: Contact?] = [:]
    private var pendingTime: Microseconds?
    /// Frames written, for the metrics.
    public private(set) var framesWritten = 0
    /// Told after each frame is written, with the time of the touches it carries (for the latency).
    public var onFrame: ((Microseconds) -> Void)?

    public static let slots = TouchLimits.maxContacts
    private static let panelUnitsPerMillimetre = 10.0

    public init(name: String, panel: PanelSize, screen: ScreenSetting?) throws(HostFailure) {
        let mapping = screen.map { ScreenMapping($0, panel: panel) }
        self.mapping = mapping
        var axes: [UInputDevice.AbsoluteAxis] = []
        let resolution: (x: Int, y: Int)
        if let mapping {
            maximum = (mapping.setting.size.width - 1, mapping.setting.size.height - 1)
            // The millimetres one screen side spans, through the inverse mapping: what libinput sizes the screen by.
            func span(_ corner: ScreenPoint) -> Double {
                guard let origin = mapping.panelPoint(of: ScreenPoint(x: 0, y: 0)), let end = mapping.panelPoint(of: corner) else { return 0 }
                return Double(PanelPoint(x: end.x - origin.x, y: end.y - origin.y).length)
            }
            let width = span(ScreenPoint(x: Double(mapping.setting.size.width), y: 0))
            let height = span(ScreenPoint(x: 0, y: Double(mapping.setting.size.height)))
            resolution = (
                width > 0 ? max(Int((Double(mapping.setting.size.width) / width).rounded()), 1) : 1,
                height > 0 ? max(Int((Double(mapping.setting.size.height) / height).rounded()), 1) : 1)
            unitsPerMillimetre = Double(resolution.x + resolution.y) / 2
        } else {
            unitsPerMillimetre = Self.panelUnitsPerMillimetre
            maximum = (Int((Double(panel.width) * unitsPerMillimetre).rounded()), Int((Double(panel.height) * unitsPerMillimetre).rounded()))
            resolution = (Int(Self.panelUnitsPerMillimetre), Int(Self.panelUnitsPerMillimetre))
        }
        for (code, limit, perMillimetre) in [
            (EvemuEvent.absX, maximum.x, resolution.x), (EvemuEvent.absY, maximum.y, resolution.y),
            (EvemuEvent.absMTPositionX, maximum.x, resolution.x), (EvemuEvent.absMTPositionY, maximum.y, resolution.y),
        ] {
            axes.append(.init(code: code, minimum: 0, maximum: limit, resolution: perMillimetre))
        }
        let longest = max(maximum.x, maximum.y)
        axes.append(.init(code: EvemuEvent.absMTTouchMajor, minimum: 0, maximum: longest, resolution: 0))
        axes.append(.init(code: EvemuEvent.absMTTouchMinor, minimum: 0, maximum: longest, resolution: 0))
        axes.append(.init(code: EvemuEvent.absMTSlot, minimum: 0, maximum: Self.slots - 1, resolution: 0))
        axes.append(.init(code: EvemuEvent.absMTTrackingId, minimum: 0, maximum: 65_535, resolution: 0))
        device = try UInputDevice(name: name, keys: [InputCodes.btnTouch], axes: axes, direct: true)
    }

    /// Takes a touch from the stream (gestures and statuses are not the touchscreen's); changes of
    /// one instant are gathered into one frame, written when time moves on or at `flush`.
    public func apply(_ event: HostEvent) {
        guard case .touch(let touch, let time, _) = event, touch.phase != .stationary else { return }
        let slot = Int(touch.slot)
        guard slot < Self.slots else { return }
        // A slot that ends and begins again at one instant needs two frames, or clients see neither.
        if pendingTime != time || (touch.phase == .began && pending[slot] != nil) { flush() }
        pendingTime = time
        pending[slot] = touch.phase.isTerminal ? Contact?.none : contact(touch)
    }

    private func contact(_ touch: TrackedTouch) -> Contact {
        let x: Int
        let y: Int
        if let mapping {
            let point = mapping.point(touch.position)
            x = min(max(Int(point.x.rounded(.down)), 0), maximum.x)
            y = min(max(Int(point.y.rounded(.down)), 0), maximum.y)
        } else {
            x = min(max(Int((Double(touch.position.x) * unitsPerMillimetre).rounded()), 0), maximum.x)
            y = min(max(Int((Double(touch.position.y) * unitsPerMillimetre).rounded()), 0), maximum.y)
        }
        var contact = Contact(trackingId: Int(touch.trackingId % 65_536), x: x, y: y)
        if touch.shape.major > 0 {
            contact.major = Int((Double(touch.shape.major) * unitsPerMillimetre).rounded())
            contact.minor = Int((Double(touch.shape.minor) * unitsPerMillimetre).rounded())
        }
        return contact
    }

    /// Writes the frame being built, if it changes anything. Returns whether it wrote one.
    @discardableResult
    public func flush() -> Bool {
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingTime = nil
        }
        let time = pendingTime
        var events: [(type: Int, code: Int, value: Int)] = []
        let wasTouching = !shown.isEmpty
        for (slot, change) in pending.sorted(by: { $0.key < $1.key }) {
            let before = shown[slot]
            guard change != before else { continue }
            events.append((InputCodes.evAbs, EvemuEvent.absMTSlot, slot))
            guard let contact = change else {
                events.append((InputCodes.evAbs, EvemuEvent.absMTTrackingId, -1))
                shown[slot] = nil
                continue
            }
            if before?.trackingId != contact.trackingId {
                events.append((InputCodes.evAbs, EvemuEvent.absMTTrackingId, contact.trackingId))
            }
            events.append((InputCodes.evAbs, EvemuEvent.absMTPositionX, contact.x))
            events.append((InputCodes.evAbs, EvemuEvent.absMTPositionY, contact.y))
            if let major = contact.major, let minor = contact.minor {
                events.append((InputCodes.evAbs, EvemuEvent.absMTTouchMajor, major))
                events.append((InputCodes.evAbs, EvemuEvent.absMTTouchMinor, minor))
            }
            shown[slot] = contact
        }
        guard !events.isEmpty else { return false }
        if wasTouching != !shown.isEmpty { events.append((InputCodes.evKey, InputCodes.btnTouch, shown.isEmpty ? 0 : 1)) }
        // Single-touch clients follow the oldest touch down, as the kernel's pointer emulation does.
        if let first = shown.values.min(by: { $0.trackingId < $1.trackingId }) {
            events.append((InputCodes.evAbs, EvemuEvent.absX, first.x))
            events.append((InputCodes.evAbs, EvemuEvent.absY, first.y))
        }
        events.append((InputCodes.evSyn, EvemuEvent.synReport, 0))
        device.write(events)
        framesWritten += 1
        if let time { onFrame?(time) }
        return true
    }

    /// Lifts every slot in one frame (a stop, before the device goes).
    public func releaseAll() {
        flush()
        for slot in shown.keys { pending[slot] = Contact?.none }
        flush()
    }

    /// Releases every slot, then removes the device.
    public func close() {
        releaseAll()
        device.destroy()
    }
}
