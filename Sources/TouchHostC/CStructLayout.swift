import CTouchHostHeader
import TouchCore

/// Byte offsets of the structs in touchhost.h, taken from the header itself (the CTouchHostHeader
/// module) rather than restated: the Swift side reads and writes the caller's structs by offset,
/// unaligned, since a caller's struct may be an older, smaller version (`struct_size`).
/// CTests/c/layout.c checks the same offsets against the C compiler's offsetof.
enum CLayout {
    enum ContextOptions {
        typealias C = th_context_options
        static let size = MemoryLayout<C>.size
        static let maxEvents = offset(\C.max_events), panelWidth = offset(\C.panel_width_mm)
        static let panelHeight = offset(\C.panel_height_mm), reportRate = offset(\C.report_rate_hz)
        static let eventMask = offset(\C.event_mask), baud = offset(\C.baud), flags = offset(\C.flags)
    }
    enum RecognizerParams {
        typealias C = th_recognizer_params
        static let size = MemoryLayout<C>.size
        static let kind = offset(\C.kind), region = offset(\C.region), flags = offset(\C.flags)
        static let taps = offset(\C.taps), touches = offset(\C.touches), maxTouches = offset(\C.max_touches)
        static let directions = offset(\C.directions), edges = offset(\C.edges), duration = offset(\C.duration_us)
        static let maxTapInterval = offset(\C.max_tap_interval_us), allowableMovement = offset(\C.allowable_movement_mm)
        static let maxTapDistance = offset(\C.max_tap_distance_mm), startDistance = offset(\C.start_distance_mm)
        static let minDistance = offset(\C.min_distance_mm), minSpeed = offset(\C.min_speed_mm_s)
        static let angleTolerance = offset(\C.angle_tolerance_rad), edgeBand = offset(\C.edge_band_mm)
    }
    enum GestureValues {
        typealias C = th_gesture_values
        static let size = MemoryLayout<C>.size
        static let taps = offset(\C.taps), duration = offset(\C.duration_us)
        static let translationX = offset(\C.translation_x), translationY = offset(\C.translation_y)
        static let velocityX = offset(\C.velocity_x), velocityY = offset(\C.velocity_y), scale = offset(\C.scale)
        static let rate = offset(\C.rate), rotation = offset(\C.rotation), direction = offset(\C.direction)
        static let edge = offset(\C.edge), vertexX = offset(\C.vertex_x), vertexY = offset(\C.vertex_y)
        static let centerX = offset(\C.center_x), centerY = offset(\C.center_y), radius = offset(\C.radius)
        static let length = offset(\C.length), samples = offset(\C.samples)
        static let templateIndex = offset(\C.template_index), score = offset(\C.score)
    }
    enum Touch {
        typealias C = th_touch
        static let size = MemoryLayout<C>.size
        static let id = offset(\C.id), slot = offset(\C.slot), phase = offset(\C.phase), reserved = offset(\C.reserved)
        static let x = offset(\C.x), y = offset(\C.y), startX = offset(\C.start_x), startY = offset(\C.start_y)
        static let startTime = offset(\C.start_time_us)
    }
    enum DeviceInfo {
        typealias C = th_device_info
        static let size = MemoryLayout<C>.size
        static let protocolVersion = offset(\C.protocol_version), firmwareMajor = offset(\C.firmware_major)
        static let firmwareMinor = offset(\C.firmware_minor), firmwarePatch = offset(\C.firmware_patch)
        static let maxContacts = offset(\C.max_contacts), reportRate = offset(\C.report_rate_hz)
        static let reserved = offset(\C.reserved), panelWidth = offset(\C.panel_width_mm)
        static let panelHeight = offset(\C.panel_height_mm), board = offset(\C.board)
        static let boardCapacity = MemoryLayout.size(ofValue: C().board)
    }
    enum CustomRecognizer {
        typealias C = th_custom_recognizer
        static let size = MemoryLayout<C>.size
        static let touchesBegan = offset(\C.touches_began), touchesMoved = offset(\C.touches_moved)
        static let touchesEnded = offset(\C.touches_ended), touchesCancelled = offset(\C.touches_cancelled)
        static let deadlineReached = offset(\C.deadline_reached), reset = offset(\C.reset), destroy = offset(\C.destroy)
    }
    static let pointSize = MemoryLayout<th_point>.size

    /// A stored field's offset: every key path above names one, so there always is one.
    private static func offset<Root>(_ field: PartialKeyPath<Root>) -> Int { MemoryLayout<Root>.offset(of: field)! }

    /// The struct_size every growing struct starts with; a caller's struct smaller than this
    /// version's is refused rather than read past its end.
    static func checkSize(_ pointer: UnsafeRawPointer, atLeast size: Int, _ name: StaticString) throws(CallError) {
        let declared = Int(pointer.loadUnaligned(as: UInt32.self))
        guard declared >= size else {
            throw CallError(.invalidArgument, "\(name).struct_size is \(declared), expected at least \(size); use its _init function")
        }
    }
}

extension UnsafeRawPointer {
    func u32(_ offset: Int) -> UInt32 { loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    func i32(_ offset: Int) -> Int32 { loadUnaligned(fromByteOffset: offset, as: Int32.self) }
    func i64(_ offset: Int) -> Int64 { loadUnaligned(fromByteOffset: offset, as: Int64.self) }
    func f64(_ offset: Int) -> Double { loadUnaligned(fromByteOffset: offset, as: Double.self) }
}

extension UnsafeMutableRawPointer {
    func set(_ offset: Int, _ value: UInt32) { storeBytes(of: value, toByteOffset: offset, as: UInt32.self) }
    func set(_ offset: Int, _ value: Int32) { storeBytes(of: value, toByteOffset: offset, as: Int32.self) }
    func set(_ offset: Int, _ value: Int64) { storeBytes(of: value, toByteOffset: offset, as: Int64.self) }
    func set(_ offset: Int, _ value: Double) { storeBytes(of: value, toByteOffset: offset, as: Double.self) }
}

/// th_gesture_values <-> GestureValues.
enum GestureValuesLayout {
    typealias L = CLayout.GestureValues

    static func write(_ v: GestureValues, to p: UnsafeMutableRawPointer) {
        p.set(0, UInt32(L.size))
        p.set(L.taps, UInt32(v.taps))
        p.set(L.duration, v.duration)
        p.set(L.translationX, Double(v.translation.x))
        p.set(L.translationY, Double(v.translation.y))
        p.set(L.velocityX, Double(v.velocity.x))
        p.set(L.velocityY, Double(v.velocity.y))
        p.set(L.scale, Double(v.scale))
        p.set(L.rate, Double(v.scalarVelocity))
        p.set(L.rotation, Double(v.rotation))
        p.set(L.direction, UInt32(v.direction.rawValue))
        p.set(L.edge, UInt32(v.edge.rawValue))
        p.set(L.vertexX, Double(v.vertex.x))
        p.set(L.vertexY, Double(v.vertex.y))
        p.set(L.centerX, Double(v.center.x))
        p.set(L.centerY, Double(v.center.y))
        p.set(L.radius, Double(v.radius))
        p.set(L.length, Double(v.length))
        p.set(L.samples, UInt32(v.samples))
        p.set(L.templateIndex, UInt32(v.templateIndex))
        p.set(L.score, Double(v.score))
    }

    static func read(_ p: UnsafeRawPointer) throws(CallError) -> GestureValues {
        var v = GestureValues()
        v.taps = UInt8(clamping: p.u32(L.taps))
        v.duration = p.i64(L.duration)
        v.translation = PanelPoint(x: Float(p.f64(L.translationX)), y: Float(p.f64(L.translationY)))
        v.velocity = PanelPoint(x: Float(p.f64(L.velocityX)), y: Float(p.f64(L.velocityY)))
        v.scale = Float(p.f64(L.scale))
        v.scalarVelocity = Float(p.f64(L.rate))
        v.rotation = Float(p.f64(L.rotation))
        if p.u32(L.direction) != 0 {
            guard let d = SwipeDirection(rawValue: UInt8(clamping: p.u32(L.direction))) else {
                throw CallError(.invalidArgument, "direction \(p.u32(L.direction)) is not a th_direction")
            }
            v.direction = d
        }
        if p.u32(L.edge) != 0 {
            guard let e = ScreenEdge(rawValue: UInt8(clamping: p.u32(L.edge))) else {
                throw CallError(.invalidArgument, "edge \(p.u32(L.edge)) is not a th_edge")
            }
            v.edge = e
        }
        v.vertex = PanelPoint(x: Float(p.f64(L.vertexX)), y: Float(p.f64(L.vertexY)))
        v.center = PanelPoint(x: Float(p.f64(L.centerX)), y: Float(p.f64(L.centerY)))
        v.radius = Float(p.f64(L.radius))
        v.length = Float(p.f64(L.length))
        v.samples = UInt16(clamping: p.u32(L.samples))
        v.templateIndex = UInt8(clamping: p.u32(L.templateIndex))
        v.score = Float(p.f64(L.score))
        return v
    }
}

/// th_touch from a tracked touch.
func writeTouch(_ t: TrackedTouch, to p: UnsafeMutableRawPointer) {
    typealias L = CLayout.Touch
    p.set(L.id, t.trackingId)
    p.set(L.slot, UInt32(t.slot))
    p.set(L.phase, UInt32(t.phase.rawValue))
    p.set(L.reserved, UInt32(0))
    p.set(L.x, Double(t.position.x))
    p.set(L.y, Double(t.position.y))
    p.set(L.startX, Double(t.startPosition.x))
    p.set(L.startY, Double(t.startPosition.y))
    p.set(L.startTime, t.startTime)
}

@_cdecl("th_gesture_values_init")
public func th_gesture_values_init(_ values: UnsafeMutableRawPointer?) {
    guard let values else { return }
    GestureValuesLayout.write(GestureValues(), to: values)
}
