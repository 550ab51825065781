import TouchCore

/// Byte offsets of the structs in touchhost.h. The header is hand-written C, so the Swift side
/// reads and writes its structs by offset rather than trusting Swift's own layout; CTests/c/layout.c
/// checks every offset here against the C compiler's offsetof.
enum CLayout {
    enum ContextOptions {
        static let size = 40
        static let maxEvents = 4, panelWidth = 8, panelHeight = 16, reportRate = 24, eventMask = 28, baud = 32, flags = 36
    }
    enum RecognizerParams {
        static let size = 112
        static let kind = 4, region = 8, flags = 12, taps = 16, touches = 20, maxTouches = 24
        static let directions = 28, edges = 32, duration = 40, maxTapInterval = 48
        static let allowableMovement = 56, maxTapDistance = 64, startDistance = 72, minDistance = 80
        static let minSpeed = 88, angleTolerance = 96, edgeBand = 104
    }
    enum GestureValues {
        static let size = 144
        static let taps = 4, duration = 8, translationX = 16, translationY = 24, velocityX = 32
        static let velocityY = 40, scale = 48, rate = 56, rotation = 64, direction = 72, edge = 76
        static let vertexX = 80, vertexY = 88, centerX = 96, centerY = 104, radius = 112, length = 120
        static let samples = 128, templateIndex = 132, score = 136
    }
    enum Touch {
        static let size = 56
        static let id = 0, slot = 4, phase = 8, x = 16, y = 24, startX = 32, startY = 40, startTime = 48
    }
    enum DeviceInfo {
        static let size = 80
        static let protocolVersion = 4, firmwareMajor = 8, firmwareMinor = 12, firmwarePatch = 16
        static let maxContacts = 20, reportRate = 24, panelWidth = 32, panelHeight = 40, board = 48
        static let boardCapacity = 32
    }
    enum CustomRecognizer {
        static let size = 64
        static let touchesBegan = 8, touchesMoved = 16, touchesEnded = 24, touchesCancelled = 32
        static let deadlineReached = 40, reset = 48, destroy = 56
    }
    static let pointSize = 16

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
    p.set(12, UInt32(0))
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
