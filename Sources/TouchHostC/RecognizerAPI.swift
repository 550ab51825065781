import Glibc
import TouchCore
import TouchHost

/// The names events carry for recognizers added without one: the JSON stream's kind names.
func kindName(_ kind: GestureKind) -> String { kind.jsonName }

extension Context {
    /// The caller's name checked for uniqueness, or the kind's name made unique.
    func chooseName(_ given: UnsafePointer<CChar>?, kind: GestureKind) throws(CallError) -> String {
        if let given {
            let name = try requiredString(given, "name")
            guard !name.isEmpty else { throw CallError(.invalidArgument, "name is empty") }
            guard !names.contains(name) else { throw CallError(.exists, "a recognizer named '\(name)' exists already") }
            return name
        }
        let base = kindName(kind)
        var name = base
        var n = 2
        while names.contains(name) {
            name = "\(base)-\(n)"
            n += 1
        }
        return name
    }

    /// The engine slot a recognizer number names (SlotNumbers.swift).
    func checkRecognizer(_ r: Int32, _ what: StaticString) throws(CallError) -> Int {
        switch recognizerNumbers.lookup(r) {
        case .slot(let slot) where slot < recognizers.recognizerCount && recognizers.contains(recognizer: slot):
            return slot
        case .removed:
            throw CallError(.notFound, "\(what) \(r) was removed")
        default:
            throw CallError(.notFound, "\(what) \(r) is not a recognizer of this context")
        }
    }

    /// The engine slot a region number names; 0 is the whole panel.
    func checkRegion(_ region: Int32) throws(CallError) -> Int32 {
        switch regionNumbers.lookup(region) {
        case .slot(let slot):
            try recognizers.check(region: Int32(slot))
            return Int32(slot)
        case .removed:
            throw CallError(.notFound, "region \(region) was removed")
        case .unknown:
            throw CallError(.notFound, "region \(region) is not a region of this context")
        }
    }

    /// Records a recognizer put in `slot` by an add; its number for the caller.
    func filled(_ slot: Int, name: String) -> Int32 {
        if slot < names.count { names[slot] = name } else { names.append(name) }
        return recognizerNumbers.fill(slot)
    }
}

@_cdecl("th_recognizer_params_init")
public func th_recognizer_params_init(_ params: UnsafeMutableRawPointer?, _ kind: Int32) -> Int32 {
    do throws(CallError) {
        guard let params else { throw CallError(.invalidArgument, "params is NULL") }
        guard kind >= 0, kind <= 255, let kind = GestureKind(rawValue: UInt8(kind)) else {
            throw CallError(.invalidArgument, "\(kind) is not a th_gesture_kind")
        }
        RecognizerParameters(kind: kind).write(to: params)
        return 0
    } catch {
        ThreadLastError.set(error.message)
        return error.code.rawValue
    }
}

@_cdecl("th_context_add_recognizer")
public func th_context_add_recognizer(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ params: UnsafeRawPointer?,
    _ out: UnsafeMutablePointer<Int32>?
) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        guard let params else { throw CallError(.invalidArgument, "params is NULL") }
        var parameters = try RecognizerParameters(reading: params)
        guard parameters.kind != .custom else {
            throw CallError(.invalidArgument, "custom recognizers are added with th_context_add_custom_recognizer")
        }
        parameters.region = try context.checkRegion(parameters.region)
        let chosen = try context.chooseName(name, kind: parameters.kind)
        let index = try context.reconfigure { (set) throws(CallError) in try set.add(parameters) }
        context.singlyAdded += 1
        let number = context.filled(index, name: chosen)
        out?.pointee = number
    }
}

@_cdecl("th_context_add_custom_recognizer")
public func th_context_add_custom_recognizer(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ callbacks: UnsafeRawPointer?,
    _ user: UnsafeMutableRawPointer?, _ params: UnsafeRawPointer?, _ out: UnsafeMutablePointer<Int32>?
) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        guard let callbacks else { throw CallError(.invalidArgument, "callbacks is NULL") }
        let table = try CallbackTable(reading: callbacks, userData: user, owner: context.owner)
        var options = RecognizerFlags.options(RecognizerFlags.defaults, region: 0)
        if let params {
            var parameters = try RecognizerParameters(reading: params)
            parameters.region = try context.checkRegion(parameters.region)
            options = parameters.options
        }
        let chosen = try context.chooseName(name, kind: .custom)
        let index = try context.reconfigure { (set) throws(CallError) in try set.addCustom(table, options: options) }
        context.callbackTables.append((index, table))
        context.singlyAdded += 1
        let number = context.filled(index, name: chosen)
        out?.pointee = number
    }
}

@_cdecl("th_context_add_recognizer_set")
public func th_context_add_recognizer_set(_ handle: OpaquePointer?, _ list: UnsafePointer<CChar>?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let text = try requiredString(list, "names")
        let words = text.split(separator: ",").map { $0.trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
        guard !words.isEmpty else { throw CallError(.invalidArgument, "no recognizer names in '\(text)'") }
        guard context.singlyAdded == 0 else {
            throw CallError(.notSupported, "recognizer sets must be added before single recognizers and run-time changes (their numbers would move)")
        }
        var selection = context.kioskSelection
        for word in words {
            if word == "kiosk" {
                selection.mask |= KioskSelection.kiosk.mask
                continue
            }
            guard let recognizer = RecognizerSet.kioskRecognizer(named: word) else {
                throw CallError(.notFound, "unknown recognizer '\(word)' (known: kiosk, \(knownSetNames))")
            }
            guard RecognizerSet.isBuiltIn(recognizer) else {
                throw CallError(.notSupported, "'\(word)' is not built into this version")
            }
            selection.insert(recognizer)
        }
        context.kioskSelection = selection
        context.names = try context.reconfigure { set in set.rebuildAsKioskSet(selection) }
        for slot in context.names.indices { _ = context.recognizerNumbers.fill(slot) }
    }
}

private var knownSetNames: String {
    (0..<UInt8(KioskRecognizer.count)).compactMap { KioskRecognizer(rawValue: $0) }
        .filter { RecognizerSet.isBuiltIn($0) }.map { "\($0.name)" }.joined(separator: ", ")
}

extension String {
    func trimmingCharacters(in set: String) -> Substring { self[...].trimmingCharacters(in: set) }
}

extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return s
    }
}

@_cdecl("th_context_find_recognizer")
public func th_context_find_recognizer(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int32>?
) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let name = try requiredString(name, "name")
        let out = try required(out, "out")
        guard !name.isEmpty, let index = context.names.firstIndex(of: name) else {
            throw CallError(.notFound, "no recognizer named '\(name)'")
        }
        out.pointee = context.recognizerNumbers.number(of: index)
    }
}

@_cdecl("th_context_require_to_fail")
public func th_context_require_to_fail(_ handle: OpaquePointer?, _ recognizer: Int32, _ other: Int32) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let a = try context.checkRecognizer(recognizer, "recognizer")
        let b = try context.checkRecognizer(other, "other")
        guard a != b else { throw CallError(.invalidArgument, "a recognizer cannot wait for itself to fail") }
        context.recognizers.require(a, toFail: b)
    }
}

@_cdecl("th_context_allow_simultaneous")
public func th_context_allow_simultaneous(_ handle: OpaquePointer?, _ first: Int32, _ second: Int32) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let a = try context.checkRecognizer(first, "a")
        let b = try context.checkRecognizer(second, "b")
        guard a != b else { throw CallError(.invalidArgument, "a recognizer is always simultaneous with itself") }
        context.recognizers.allowSimultaneous(a, b)
    }
}

@_cdecl("th_context_add_region")
public func th_context_add_region(
    _ handle: OpaquePointer?, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ z: Int32,
    _ flags: UInt32, _ out: UnsafeMutablePointer<Int32>?
) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let rect = try regionRect(x, y, width, height, flags: flags)
        let index = try context.reconfigure { (set) throws(CallError) in try set.append(region: rect, z: Int(z)) }
        if index < context.regionFlags.count { context.regionFlags[index] = flags } else { context.regionFlags.append(flags) }
        let number = context.regionNumbers.fill(index)
        out?.pointee = number
    }
}

@_cdecl("th_context_add_template")
public func th_context_add_template(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ points: UnsafeRawPointer?, _ count: Int,
    _ out: UnsafeMutablePointer<UInt32>?
) -> Int32 {
    addTemplateExample(handle, name, points, count, out, newNameOnly: true)
}

/// Another example of a template (or the first, creating it): $1 reaches 99% with three or more.
@_cdecl("th_context_add_template_example")
public func th_context_add_template_example(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ points: UnsafeRawPointer?, _ count: Int,
    _ out: UnsafeMutablePointer<UInt32>?
) -> Int32 {
    addTemplateExample(handle, name, points, count, out, newNameOnly: false)
}

/// Both add calls: `out` gets the template's index (its name's place), which events report.
private func addTemplateExample(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ points: UnsafeRawPointer?, _ count: Int,
    _ out: UnsafeMutablePointer<UInt32>?, newNameOnly: Bool
) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        let name = try requiredString(name, "name")
        guard !name.isEmpty else { throw CallError(.invalidArgument, "name is empty") }
        guard let points else { throw CallError(.invalidArgument, "points is NULL") }
        guard count >= 2, count <= 100_000 else { throw CallError(.invalidArgument, "a template needs 2 to 100000 points, not \(count)") }
        var stroke: [PanelPoint] = []
        stroke.reserveCapacity(count)
        for i in 0..<count {
            let x = points.f64(i * CLayout.pointSize), y = points.f64(i * CLayout.pointSize + 8)
            guard x.isFinite, y.isFinite else { throw CallError(.invalidArgument, "point \(i) is not finite") }
            stroke.append(PanelPoint(x: Float(x), y: Float(y)))
        }
        let existing = context.templates.firstIndex(of: name)
        guard existing == nil || !newNameOnly else { throw CallError(.exists, "a template named '\(name)' exists already") }
        let store = context.recognizers.templates
        guard !store.library.isFull else {
            throw CallError(.capacity, "a context holds at most \(TemplateStore.capacity) template examples")
        }
        let label = existing ?? context.templates.count
        guard store.add(stroke, label: UInt8(clamping: label)) != nil else {
            throw CallError(.invalidArgument, "the points of '\(name)' do not make a stroke (they lie within 0.25 mm)")
        }
        if existing == nil { context.templates.append(name) }
        out?.pointee = UInt32(label)
    }
}

@_cdecl("th_context_set_template_min_score")
public func th_context_set_template_min_score(_ handle: OpaquePointer?, _ score: Double) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        guard score.isFinite, score >= 0, score <= 1 else {
            throw CallError(.invalidArgument, "a template score is between 0 and 1, not \(score)")
        }
        context.recognizers.templates.library.minimumScore = Float(score)
    }
}
