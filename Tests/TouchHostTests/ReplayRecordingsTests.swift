import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Real recordings from /work/shared/data through `replay`'s whole path: importer, tracker, recognizers.
@Suite struct ReplayRecordingsTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/data").standardized

    static var evemuRecordings: [String] {
        let folder = data.appendingPathComponent("evemu")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".events") || $0.hasSuffix(".event") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    static var strokeLogs: [String] {
        let folder = data.appendingPathComponent("unistroke/s02/medium")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    private func run(_ path: String, format: ReplayFormat) throws -> [HostEvent] {
        let source = try ReplaySource.load(path: path, format: format, options: ImportOptions(size: PanelSize(width: 300, height: 200)))
        var events: [HostEvent] = []
        ReplayDriver.run(source, recognizers: .kiosk) { events.append($0) }
        return events
    }

    /// Every `began` gets exactly one `ended` or `cancelled`, and nothing moves after it ends.
    private func checkLifecycles(_ events: [HostEvent], _ path: String) {
        var live = Set<UInt32>()
        var finished = Set<UInt32>()
        for event in events {
            guard case .touch(let touch, _) = event else { continue }
            switch touch.phase {
            case .began:
                #expect(!live.contains(touch.trackingId) && !finished.contains(touch.trackingId), "\(path): id \(touch.trackingId) reused")
                live.insert(touch.trackingId)
            case .moved, .stationary:
                #expect(live.contains(touch.trackingId), "\(path): id \(touch.trackingId) moved while not live")
            case .ended, .cancelled:
                #expect(live.remove(touch.trackingId) != nil, "\(path): id \(touch.trackingId) ended twice or never began")
                finished.insert(touch.trackingId)
            }
        }
        #expect(live.isEmpty, "\(path): touches never ended: \(live)")
        #expect(!finished.isEmpty, "\(path): no touches at all")
    }

    @Test(arguments: evemuRecordings)
    func everyEvemuTouchBeginsAndEndsOnce(path: String) throws {
        checkLifecycles(try run(path, format: .auto), path)
    }

    @Test(arguments: strokeLogs)
    func everyStrokeLogIsOneTouch(path: String) throws {
        let events = try run(path, format: .auto)
        checkLifecycles(events, path)
        let began = events.filter { if case .touch(let touch, _) = $0 { touch.phase == .began } else { false } }
        #expect(began.count == 1, "\(path)")
    }

    @Test func theDataIsThere() {
        #expect(Self.evemuRecordings.count >= 10)
        #expect(Self.strokeLogs.count >= 10)
    }
}
