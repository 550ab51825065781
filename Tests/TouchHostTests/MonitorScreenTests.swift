import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// The live view rendered to text at a given size, without a terminal.
@Suite struct MonitorScreenTests {
    static let info = DeviceInfo(
        firmwareVersion: FirmwareVersion(major: 1, minor: 2, patch: 3), boardName: BoardName("kiosk-15"),
        panelWidth: 3450, panelHeight: 1940, maxX: 4095, maxY: 4095, columns: 32, rows: 18, maxContacts: 10,
        reportRate: 120, supportedModes: .contacts)

    static func state() -> MonitorState {
        var state = MonitorState(port: "/dev/pts/9", link: "pty", recognizerNames: ["tap", "pan", "pinch"])
        state.info = info
        return state
    }

    static func touch(_ id: UInt32, slot: UInt8, _ phase: TouchPhase, _ x: Float, _ y: Float) -> HostEvent {
        let point = PanelPoint(x: x, y: y)
        return .touch(TrackedTouch(trackingId: id, slot: slot, phase: phase, position: point, startPosition: point, startTime: 0), at: 0)
    }

    @Test(arguments: [(120, 40), (80, 24), (200, 60), (60, 20), (40, 12)])
    func everyRowIsExactlyTheScreenWidthAndThereAreNoMoreRowsThanTheScreenHas(width: Int, height: Int) {
        var state = Self.state()
        state.absorb(Self.touch(1, slot: 0, .began, 340, 190), now: 0)
        let lines = MonitorScreen.lines(state, width: width, height: height)
        #expect(lines.count == height)
        #expect(lines.allSatisfy { $0.count == width }, "\(lines.map(\.count))")
    }

    @Test func headerNamesBoardFirmwarePanelGridRateAndLink() {
        let header = MonitorScreen.lines(Self.state(), width: 120, height: 40)[0]
        for part in ["kiosk-15", "fw 1.2.3", "345.0 x 194.0 mm", "grid 32x18", "120 Hz", "/dev/pts/9 pty"] {
            #expect(header.contains(part), "\(part) missing from \(header)")
        }
    }

    @Test(arguments: [(345 as Float, 194 as Float), (100, 100), (200, 400)])
    func theMapKeepsThePanelsAspect(width: Float, height: Float) {
        let map = PanelMap(panelWidth: width, panelHeight: height, maxColumns: 78, maxRows: 36)
        let drawn = Float(map.columns) / (Float(map.rows) * PanelMap.cellAspect)
        #expect(abs(drawn - width / height) / (width / height) < 0.08, "\(map.columns) x \(map.rows)")
        #expect(map.columns <= 76 && map.rows <= 34)
    }

    @Test(arguments: [(30 as Float, 40 as Float), (172, 97), (300, 170)])
    func aTouchShowsItsSlotAndIdWhereItIsOnThePanel(x: Float, y: Float) throws {
        var state = Self.state()
        state.absorb(Self.touch(7, slot: 2, .began, x, y), now: 0)
        let lines = MonitorScreen.lines(state, width: 120, height: 40)
        let map = lines.filter { $0.hasPrefix("|") }
        let row = try #require(map.firstIndex { $0.contains("2#7") || $0.contains("#72") })
        let line = Array(map[row])
        let column = try #require(line.firstIndex(of: "2"))
        let border = try #require(lines.first { $0.hasPrefix("+-") })
        let interiorWidth = try #require(Array(border).dropFirst().firstIndex(of: "+")) - 1
        #expect(abs(Float(column - 1) / Float(interiorWidth) - x / 345) < 0.03, "column \(column) of \(interiorWidth)")
        #expect(abs(Float(row) / Float(map.count) - y / 194) < 0.06, "row \(row) of \(map.count)")
        #expect(lines.contains { $0.contains("TOUCHES") }, "the sidebar lists live touches")
    }

    /// `monitor --screen`: the touch list gives the pixels the pipeline placed each touch at.
    @Test func withAScreenTheTouchListShowsPixels() {
        let touch = Self.touch(1, slot: 0, .began, 34.5, 19.4)
        var plain = Self.state()
        plain.absorb(touch, now: 0)
        let inMillimetres = MonitorScreen.lines(plain, width: 140, height: 40)
        #expect(inMillimetres.contains { $0.contains("x mm     y mm") })
        #expect(inMillimetres.contains { $0.contains("  34.5     19.4") })
        let mapping = ScreenMapping(
            ScreenSetting(size: ScreenSize(width: 1920, height: 1080), matrix: .rotation(degrees: 180)!),
            panel: PanelSize(width: 345, height: 194))
        var placed = Self.state()
        placed.absorb(mapping.placing(touch), now: 0)
        let inPixels = MonitorScreen.lines(placed, width: 140, height: 40)
        #expect(inPixels.contains { $0.contains("x px     y px") })
        #expect(inPixels.contains { $0.contains(" 1728.0    972.0") }, "\(inPixels.joined(separator: "\n"))")
    }

    @Test func anEndedTouchLingersBrieflyThenLeavesTheMap() {
        var state = Self.state()
        state.absorb(Self.touch(1, slot: 0, .began, 100, 100), now: 0)
        state.absorb(Self.touch(1, slot: 0, .ended, 100, 100), now: 100_000)
        state.expire(now: 200_000)
        #expect(state.touches.count == 1)
        state.expire(now: 100_000 + MonitorState.endedLinger + 1)
        #expect(state.touches.isEmpty)
    }

    /// A gesture after 1 000 s has an eight-character time: the live view cut its first digit.
    @Test(arguments: [(Int64(1_234_567_000), "1234.567 s  tap recognized"), (12_345_678_000, "12345.678 s  tap recognized")])
    func theLiveViewShowsAGesturesWholeTime(timestamp: Int64, shown: String) {
        var state = Self.state()
        state.absorb(.gesture(GestureEvent(recognizer: 0, kind: .tap, state: .recognized, timestamp: timestamp, location: .zero, touches: 1)), now: 0)
        let rows = MonitorScreen.render(state, width: 100, height: 40)
        #expect(rows.contains { $0.text.contains("| " + shown) }, "\(rows.map(\.text))")
    }

    @Test func aContinuousGestureRewritesItsOwnLineUntilItEnds() {
        var state = Self.state()
        var values = GestureValues()
        for (state_, x) in [(GestureActionState.began, Float(1)), (.changed, 10), (.changed, 20), (.ended, 30)] {
            values.translation = PanelPoint(x: x, y: 0)
            state.absorb(.gesture(GestureEvent(recognizer: 1, kind: .pan, state: state_, timestamp: 0, location: .zero, touches: 1, values: values)), now: 0)
        }
        state.absorb(.gesture(GestureEvent(recognizer: 0, kind: .tap, state: .recognized, timestamp: 1_000_000, location: .zero, touches: 1)), now: 0)
        #expect(state.gestures.count == 2)
        #expect(state.gestures[0].contains("tap recognized"))
        #expect(state.gestures[1].contains("pan ended") && state.gestures[1].contains("moved 30"), "\(state.gestures)")
        #expect(MonitorScreen.lines(state, width: 120, height: 40).contains { $0.contains("pan ended") })
    }

    @Test(arguments: [
        (StatusKind.framesLost, "FRAMES LOST"), (.deviceReset, "DEVICE RESET"), (.disconnected, "DISCONNECTED"),
        (.rejected, "MESSAGES REJECTED: 3"),
    ])
    func troubleRaisesABannerThatLingersAFewSeconds(kind: StatusKind, words: String) {
        var state = Self.state()
        state.absorb(.status(StatusEvent(kind: kind, timestamp: 0, count: 3)), now: 1_000_000)
        let rows = MonitorScreen.render(state, width: 100, height: 30)
        #expect(rows.contains { $0.style == .banner && $0.text.contains(words) })
        state.expire(now: 1_000_000 + MonitorState.bannerLinger - 1)
        #expect(!state.banners.isEmpty)
        state.expire(now: 1_000_000 + MonitorState.bannerLinger)
        #expect(!MonitorScreen.render(state, width: 100, height: 30).contains { $0.style == .banner })
    }

    @Test func rejectedMessagesKeepOneBannerWithTheirCount() {
        var state = Self.state()
        for time in 0..<5 { state.absorb(.status(StatusEvent(kind: .rejected, timestamp: 0, count: 1)), now: Microseconds(time)) }
        #expect(state.banners.map(\.text) == ["MESSAGES REJECTED: 5 (values out of range)"])
    }

    @Test func countersShowWhatTheLinkSaw() {
        var state = Self.state()
        state.counters.frames = 4321
        state.absorb(.status(StatusEvent(kind: .framesLost, timestamp: 0, count: 5)), now: 0)
        state.absorb(.status(StatusEvent(kind: .reconnected, timestamp: 0)), now: 0)
        let text = MonitorScreen.lines(state, width: 120, height: 40).joined(separator: "\n")
        #expect(text.contains("frames      4321"))
        #expect(text.contains("lost           5"))
        #expect(text.contains("reconn          1"))
    }

    @Test func theHeatmapShadesTheNodesThatCarrySignal() throws {
        var state = Self.state()
        state.showsHeatmap = true
        var slice = HeatmapSlice(sequence: 1, timestamp: 0, totalRows: 4, firstRow: 0, rowCount: 4, columns: 4)
        for index in 0..<16 { slice.values.append(index == 15 ? 900 : 0) }
        state.heatmap.add(slice)
        let map = MonitorScreen.lines(state, width: 120, height: 40).filter { $0.hasPrefix("|") }
            .map { $0.components(separatedBy: "|")[1] }
        #expect(map.last!.hasSuffix("@"), "the bottom-right node is the strong one: \(map.last!)")
        #expect(map.first!.trimmingCharacters(in: .whitespaces).isEmpty)
    }
}
