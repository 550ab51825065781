import Foundation
import SharedDataSupport
import Testing
import TouchCore
@testable import TouchHost

/// Every real recording in Tests/Data/evemu through `touchhost replay --format evemu`'s own path
/// (ReplaySource.load, ReplayDriver.run), without `--size` as check-recordings runs it: exactly
/// the kernel's touches, each beginning and ending once.
@Suite struct EvemuRecordingTests {
    static let recordings = SharedTestData.cases(in: "evemu", extensions: ["events", "event"])

    @Test func theDataFolderHoldsRecordingsOfEveryProtocol() throws {
        let files = try SharedTestData.files(in: "evemu", extensions: ["events", "event"])
        #expect(files.count >= 20)
        let kinds = try Set(files.map { try EvemuImporter().load(events: $0.path).protocolKind })
        #expect(kinds.isSuperset(of: [.slots, .anonymous]))
    }

    @Test(arguments: recordings)
    func aReplayHasExactlyTheKernelsTouches(_ file: DataFile) throws {
        let url = try file.url()
        let kernel = KernelTouchCount.touches(in: try String(contentsOf: url, encoding: .utf8))
        let replay = try ProductReplay(url.path, format: .evemu)
        #expect(kernel > 0)
        #expect(replay.touches(.began).count == kernel, "\(file.name)")
        replay.checkLifecycles(file.name)
    }

    @Test(arguments: recordings)
    func everyPositionLiesOnThePanelTheReplayNames(_ file: DataFile) throws {
        let replay = try ProductReplay(try file.url().path, format: .evemu)
        let panel = replay.source.panel
        for touch in replay.touches {
            let p = touch.position
            #expect(p.x >= 0 && p.x <= panel.width + 0.01 && p.y >= 0 && p.y <= panel.height + 0.01,
                    "\(file.name): \(p) outside \(panel)")
        }
    }

    /// "2-fingers-touch-release" had two fingers down at once, "4-finger-drag-down" four.
    @Test(arguments: recordings.filter { $0.name.range(of: #"\d+-fingers?"#, options: .regularExpression) != nil })
    func theFingersAFileIsNamedForAreDownTogether(_ file: DataFile) throws {
        let range = try #require(file.name.range(of: #"\d+-fingers?"#, options: .regularExpression))
        let fingers = try #require(Int(file.name[range].prefix { $0.isNumber }))
        let replay = try ProductReplay(try file.url().path, format: .evemu)
        #expect(replay.mostTouchesAtOnce >= fingers, "\(file.name)")
    }

    /// Only a recording that stops with fingers down cancels them (3m.event is cut off mid-gesture);
    /// every other touch ends with its lift.
    @Test(arguments: recordings)
    func touchesAreCancelledOnlyWhenTheRecordingStopsWithThemDown(_ file: DataFile) throws {
        let url = try file.url()
        let recording = try EvemuImporter().load(events: url.path)
        let replay = try ProductReplay(url.path, format: .evemu)
        let cancelled = replay.touches(.cancelled)
        if recording.endsWithTouchesDown {
            #expect(!cancelled.isEmpty)
            #expect(cancelled.count + replay.touches(.ended).count == replay.touches(.began).count)
        } else {
            #expect(cancelled.isEmpty, "\(file.name)")
        }
    }

    /// Devices whose axes carry no resolution replay on an assumed panel, and say so once.
    @Test(arguments: recordings)
    func aDeviceWithoutResolutionGetsOneWarningNamingTheAssumedSize(_ file: DataFile) throws {
        let url = try file.url()
        let device = try EvemuImporter().load(events: url.path).device
        let resolution = [0x35, 0x00].compactMap { device.axes[$0] }.first?.resolution ?? 0
        let replay = try ProductReplay(url.path, format: .evemu)
        if resolution == 0 {
            #expect(replay.source.warnings.filter { $0.contains("--size") }.count == 1, "\(replay.source.warnings)")
            let given = try ProductReplay(url.path, format: .evemu, options: ImportOptions(size: PanelSize(width: 200, height: 100)))
            #expect(given.source.warnings.allSatisfy { !$0.contains("--size") })
            #expect(given.source.panel == PanelSize(width: 200, height: 100))
            // The size changes millimetres, never which touches there are.
            #expect(given.touches(.began).count == replay.touches(.began).count)
        } else {
            #expect(replay.source.warnings.isEmpty)
        }
    }

    /// The warning comes out of the command itself: `touchhost replay` without `--size` runs, prints
    /// its events, and says in one line on standard error what it assumed and how to say better.
    @Test func theReplayCommandWarnsOnceOnStandardErrorAndSucceeds() throws {
        let url = try SharedTestData.file("evemu/EP0430M09.2-fingers-touch-release.events")
        let binary = try TouchHostBinary.locate()
        let result = try TouchHostBinary.run(binary, ["replay", url.path, "--format", "evemu", "--json"], timeout: 60)
        #expect(result.status == 0)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1, "\(result.error)")
        #expect(lines.first?.hasPrefix("touchhost: warning: \(url.path): EP0430M09 reports no resolution; replaying on an assumed ") == true)
        #expect(lines.first?.hasSuffix("give the real size in mm with --size WxH") == true)
        #expect(result.lines.filter { $0.contains("\"phase\":\"began\"") }.count == 2)
        let sized = try TouchHostBinary.run(binary, ["replay", url.path, "--size", "95x54", "--json"], timeout: 60)
        #expect(sized.status == 0 && sized.error.isEmpty, "\(sized.error)")
    }
}
