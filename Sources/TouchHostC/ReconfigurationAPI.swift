import TouchCore
import TouchHost

// Run-time configuration (since 0.3): recognizers and regions removed, replaced and changed while
// the context runs. The rule lives in TouchCore (GestureEngine+Reconfiguration.swift): a changed
// recognizer leaves the touch sequence under way at once, a gesture it had begun `cancelled`.

@_cdecl("th_context_remove_recognizer")
public func th_context_remove_recognizer(_ handle: OpaquePointer?, _ recognizer: Int32) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let slot = try context.checkRecognizer(recognizer, "recognizer")
        try context.reconfigure { (set) throws(CallError) in try set.removing(slot) }
        context.names[slot] = ""
        context.recognizerNumbers.vacate(slot)
        context.singlyAdded += 1
        // A custom recognizer's table hears `destroy` now, with the context busy as in every callback.
        if let found = context.callbackTables.firstIndex(where: { $0.slot == slot }) {
            let table = context.callbackTables.remove(at: found).table
            context.busy = true
            ThreadCallState.runningCallback { table.destroy?(table.userData) }
            context.busy = false
        }
    }
}

@_cdecl("th_context_replace_recognizer")
public func th_context_replace_recognizer(_ handle: OpaquePointer?, _ recognizer: Int32, _ params: UnsafeRawPointer?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let slot = try context.checkRecognizer(recognizer, "recognizer")
        guard let params else { throw CallError(.invalidArgument, "params is NULL") }
        var parameters = try RecognizerParameters(reading: params)
        guard parameters.kind != .custom else {
            throw CallError(.invalidArgument, "custom recognizers are added with th_context_add_custom_recognizer")
        }
        guard context.recognizers.kind(of: slot) != .custom else {
            throw CallError(.notSupported, "'\(context.names[slot])' is a custom recognizer: remove it and add another")
        }
        parameters.region = try context.checkRegion(parameters.region)
        try context.reconfigure { (set) throws(CallError) in try set.replace(slot, with: parameters) }
        context.singlyAdded += 1
    }
}

@_cdecl("th_context_get_recognizer_params")
public func th_context_get_recognizer_params(_ handle: OpaquePointer?, _ recognizer: Int32, _ params: UnsafeMutableRawPointer?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let slot = try context.checkRecognizer(recognizer, "recognizer")
        guard let params else { throw CallError(.invalidArgument, "params is NULL") }
        try CLayout.checkSize(params, atLeast: CLayout.RecognizerParams.size, "th_recognizer_params")
        let set = context.recognizers
        let index = RecognizerIndex(slot)
        guard var parameters = RecognizerParameters(running: set.engine.builtIn(at: index), kind: set.kind(of: slot), options: set.engine.options(of: index))
        else { throw CallError(.notSupported, "'\(context.names[slot])' is a custom recognizer: its settings are its own") }
        parameters.region = context.regionNumbers.number(of: Int(parameters.region))
        parameters.write(to: params)
    }
}

@_cdecl("th_context_set_region")
public func th_context_set_region(
    _ handle: OpaquePointer?, _ region: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ z: Int32,
    _ flags: UInt32
) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let slot = Int(try context.checkRegion(region))
        let rect = try regionRect(x, y, width, height, flags: flags)
        try context.reconfigure { (set) throws(CallError) in try set.moving(region: slot, to: rect, z: Int(z)) }
        context.regionFlags[slot] = flags
    }
}

@_cdecl("th_context_remove_region")
public func th_context_remove_region(_ handle: OpaquePointer?, _ region: Int32) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let slot = Int(try context.checkRegion(region))
        let users = context.recognizers.recognizers(on: slot)
        guard slot == 0 || users.isEmpty else {
            let named = users.map { "'\(context.names[$0])'" }.joined(separator: ", ")
            throw CallError(.notSupported, "region \(region) has recognizers on it (\(named)): remove them or move them first")
        }
        try context.reconfigure { (set) throws(CallError) in try set.removing(region: slot) }
        // Its flags stay until an add reuses the slot: touches already down in it keep their
        // region, and their TH_EVENT_REGION_TOUCH events go on to their end.
        context.regionNumbers.vacate(slot)
    }
}

/// A region's rectangle from th_context_add_region's or th_context_set_region's arguments.
func regionRect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, flags: UInt32) throws(CallError) -> PanelRect {
    guard [x, y, width, height].allSatisfy({ $0.isFinite && abs($0) < 1e6 }), width > 0, height > 0 else {
        throw CallError(.invalidArgument, "region \(x), \(y), \(width) x \(height) mm is not a rectangle")
    }
    guard flags & ~RegionFlags.all == 0 else { throw CallError(.invalidArgument, "flags \(flags) are not TH_REGION_* bits") }
    return PanelRect(x: Float(x), y: Float(y), width: Float(width), height: Float(height))
}
