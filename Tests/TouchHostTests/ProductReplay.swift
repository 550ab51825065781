import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// An input through `touchhost replay`'s own path, `ReplaySource.load` then `ReplayDriver.run`,
/// with everything it emitted.
struct ProductReplay {
    var source: ReplaySource
    var selection: RecognizerSelection
    var events: [HostEvent] = []

    /// `adjust` may change the loaded source before the run (only to move strokes off the edges).
    init(
        _ path: String, format: ReplayFormat = .auto, options: ImportOptions = ImportOptions(),
        recognizers: RecognizerSelection = .kiosk, adjust: (inout ReplaySource) -> Void = { _ in }
    ) throws {
        source = try ReplaySource.load(path: path, format: format, options: options)
        adjust(&source)
        selection = recognizers
        var collected: [HostEvent] = []
        ReplayDriver.run(source, recognizers: recognizers) { collected.append($0) }
        events = collected
    }

    /// Evemu text written to a file of its own and replayed as `touchhost replay --format evemu`.
    init(evemu text: String, size: PanelSize? = nil, recognizers: RecognizerSelection = .kiosk) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("evemu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("test.events")
        try text.write(to: file, atomically: true, encoding: .utf8)
        try self.init(file.path, format: .evemu, options: ImportOptions(size: size), recognizers: recognizers)
    }

    var touches: [TrackedTouch] {
        events.compactMap { if case .touch(let touch, _, _) = $0 { touch } else { nil } }
    }

    func touches(_ phase: TouchPhase) -> [TrackedTouch] { touches.filter { $0.phase == phase } }

    /// Gestures with their recognizer's name (`two-finger-tap`), in order.
    var gestures: [(name: String, event: GestureEvent)] {
        let names = selection.engineNames
        return events.compactMap {
            guard case .gesture(let event, _) = $0 else { return nil }
            let index = Int(event.recognizer)
            return (index < names.count ? names[index] : "#\(index)", event)
        }
    }

    /// The names of the gestures that began or were recognized, in order.
    var startedGestures: [String] {
        gestures.filter { $0.event.state == .began || $0.event.state == .recognized }.map(\.name)
    }

    /// The most touches down at once.
    var mostTouchesAtOnce: Int {
        var live = Set<UInt32>()
        var most = 0
        for touch in touches {
            switch touch.phase {
            case .began: live.insert(touch.trackingId)
            case .ended, .cancelled: live.remove(touch.trackingId)
            default: break
            }
            most = max(most, live.count)
        }
        return most
    }

    /// Every `began` gets exactly one `ended` or `cancelled`, ids are never reused, and nothing
    /// moves before it began or after it ended.
    func checkLifecycles(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var live = Set<UInt32>()
        var finished = Set<UInt32>()
        for touch in touches {
            switch touch.phase {
            case .began:
                #expect(!live.contains(touch.trackingId) && !finished.contains(touch.trackingId),
                        "\(name): id \(touch.trackingId) reused", sourceLocation: sourceLocation)
                live.insert(touch.trackingId)
            case .moved, .stationary:
                #expect(live.contains(touch.trackingId), "\(name): id \(touch.trackingId) moved while not live",
                        sourceLocation: sourceLocation)
            case .ended, .cancelled:
                #expect(live.remove(touch.trackingId) != nil, "\(name): id \(touch.trackingId) ended twice or never began",
                        sourceLocation: sourceLocation)
                finished.insert(touch.trackingId)
            }
        }
        #expect(live.isEmpty, "\(name): touches never ended: \(live)", sourceLocation: sourceLocation)
    }
}
