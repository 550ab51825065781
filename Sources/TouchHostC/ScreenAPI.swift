import TouchCore
import TouchHost

// Screen mapping and calibration (docs/calibration.md): the screen and the matrix a context
// places its events with, the events' screen positions, and the least-squares fit.

/// A context's screen choice: kept apart from its pipeline, so it holds before a device has
/// described itself and carries over to each pipeline the context makes.
struct ContextScreen {
    var size: ScreenSize?
    var matrix = CalibrationMatrix.identity

    var setting: ScreenSetting? { size.map { ScreenSetting(size: $0, matrix: matrix) } }
}

extension Context {
    /// Applies the context's screen choice to its pipeline from the next event on.
    func applyScreen() { pipeline?.screen = screen.setting }
}

/// The most pairs a fit takes: far beyond any calibration, small enough that a wrong count is caught.
let maximumCalibrationPoints = 10_000

@_cdecl("th_context_set_screen")
public func th_context_set_screen(_ handle: OpaquePointer?, _ width: UInt32, _ height: UInt32) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        if width == 0 && height == 0 {
            context.screen.size = nil
        } else {
            guard ScreenSize.accepts(Int(width)), ScreenSize.accepts(Int(height)) else {
                throw CallError(.invalidArgument, "a screen is 1 to \(ScreenSize.maximumSide) pixels a side (0 x 0 removes it), not \(width) x \(height)")
            }
            context.screen.size = ScreenSize(width: Int(width), height: Int(height))
        }
        context.applyScreen()
    }
}

@_cdecl("th_context_get_screen")
public func th_context_get_screen(
    _ handle: OpaquePointer?, _ width: UnsafeMutablePointer<UInt32>?, _ height: UnsafeMutablePointer<UInt32>?
) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let width = try required(width, "width"), height = try required(height, "height")
        width.pointee = UInt32(context.screen.size?.width ?? 0)
        height.pointee = UInt32(context.screen.size?.height ?? 0)
    }
}

@_cdecl("th_context_set_calibration")
public func th_context_set_calibration(_ handle: OpaquePointer?, _ values: UnsafePointer<Double>?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        guard let values else { throw CallError(.invalidArgument, "matrix is NULL") }
        let matrix = CalibrationMatrix(values: Array(UnsafeBufferPointer(start: values, count: 6)))!
        guard matrix.isFinite else { throw CallError(.invalidArgument, "the matrix has a value that is not a finite number") }
        guard !matrix.isSingular else {
            throw CallError(.invalidArgument, "the matrix is singular (a*e - b*d = \(matrix.determinant)): it folds the panel onto a line")
        }
        // The rule a calibration file is held to: finite and invertible is not enough (1e308 sends every touch to infinity).
        if let problem = matrix.cornerProblem { throw CallError(.invalidArgument, problem) }
        context.screen.matrix = matrix
        context.applyScreen()
    }
}

@_cdecl("th_context_get_calibration")
public func th_context_get_calibration(_ handle: OpaquePointer?, _ values: UnsafeMutablePointer<Double>?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let out = try required(values, "matrix")
        for (index, value) in context.screen.matrix.values.enumerated() { out[index] = value }
    }
}

private func screenCall(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?,
    _ pick: (QueuedEvent) throws(CallError) -> ScreenPoint?
) -> Int32 {
    eventCall(handle) { (object) throws(CallError) in
        let x = try required(x, "x"), y = try required(y, "y")
        guard let point = try pick(object.event) else {
            throw CallError(.notAvailable, "the event carries no screen position: its context had no screen (th_context_set_screen)")
        }
        x.pointee = point.x
        y.pointee = point.y
    }
}

@_cdecl("th_event_touch_get_screen_position")
public func th_event_touch_get_screen_position(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?
) -> Int32 {
    screenCall(handle, x, y) { (event) throws(CallError) in
        switch event {
        case .touch(_, _, let screen): return screen?.point
        case .regionTouch: throw CallError(.notAvailable, "region touches carry no screen position")
        default: throw CallError(.wrongEventType, "a touch accessor was called on another type of event")
        }
    }
}

@_cdecl("th_event_gesture_get_screen_position")
public func th_event_gesture_get_screen_position(
    _ handle: OpaquePointer?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?
) -> Int32 {
    screenCall(handle, x, y) { (event) throws(CallError) in
        guard case .gesture(_, _, _, let screen, _) = event else {
            throw CallError(.wrongEventType, "a gesture accessor was called on another type of event")
        }
        return screen?.point
    }
}

@_cdecl("th_event_gesture_get_screen_translation")
public func th_event_gesture_get_screen_translation(
    _ handle: OpaquePointer?, _ dx: UnsafeMutablePointer<Double>?, _ dy: UnsafeMutablePointer<Double>?
) -> Int32 {
    screenCall(handle, dx, dy) { (event) throws(CallError) in
        guard case .gesture(let gesture, _, _, let screen, _) = event else {
            throw CallError(.wrongEventType, "a gesture accessor was called on another type of event")
        }
        guard gesture.kind == .pan || gesture.kind == .edgePan else {
            throw CallError(.notAvailable, "only pan and edge-pan gestures carry a translation")
        }
        return screen?.translation
    }
}

@_cdecl("th_calibration_fit")
public func th_calibration_fit(
    _ points: UnsafeRawPointer?, _ count: Int, _ panelWidth: Double, _ panelHeight: Double,
    _ screenWidth: UInt32, _ screenHeight: UInt32, _ matrix: UnsafeMutablePointer<Double>?,
    _ residuals: UnsafeMutablePointer<Double>?
) -> Int32 {
    do throws(CallError) {
        guard let points else { throw CallError(.invalidArgument, "points is NULL") }
        let out = try required(matrix, "matrix")
        guard count >= 0, count <= maximumCalibrationPoints else {
            throw CallError(.invalidArgument, "count \(count) is not 0 to \(maximumCalibrationPoints)")
        }
        guard panelWidth.isFinite, panelHeight.isFinite, panelWidth > 0, panelHeight > 0,
            Float(panelWidth).isFinite, Float(panelHeight).isFinite
        else { throw CallError(.invalidArgument, "the panel's size must be positive finite millimetres") }
        guard ScreenSize.accepts(Int(screenWidth)), ScreenSize.accepts(Int(screenHeight)) else {
            throw CallError(.invalidArgument, "a screen is 1 to \(ScreenSize.maximumSide) pixels a side, not \(screenWidth) x \(screenHeight)")
        }
        // th_calibration_point: four doubles, panel x, y (mm), then screen x, y (px).
        let values = points.bindMemory(to: Double.self, capacity: count * 4)
        var pairs: [CalibrationPair] = []
        for index in 0..<count {
            let base = values + index * 4
            pairs.append(CalibrationPair(
                panel: PanelPoint(x: Float(base[0]), y: Float(base[1])), target: ScreenPoint(x: base[2], y: base[3])))
        }
        let fit: CalibrationFit
        do {
            fit = try CalibrationFit(
                pairs: pairs, panel: PanelSize(width: Float(panelWidth), height: Float(panelHeight)),
                screen: ScreenSize(width: Int(screenWidth), height: Int(screenHeight)))
        } catch {
            throw CallError(.invalidArgument, error.reason)
        }
        for (index, value) in fit.matrix.values.enumerated() { out[index] = value }
        if let residuals { for (index, value) in fit.residuals.enumerated() { residuals[index] = value } }
        return ErrorCode.ok.rawValue
    } catch {
        ThreadLastError.set(error.message)
        return error.code.rawValue
    }
}
