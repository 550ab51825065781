import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// What a device (or a `.threc` recording of one) sends is untrusted: CRC-valid frames whose
/// numbers no controller could mean, board names with escape sequences, positions beyond the
/// declared range. `monitor`, `replay` and `plot` are run as a user runs them, on a pseudo-terminal
/// fed frames made with the product's own `FrameEncoder`, or on crafted recordings.
@Suite struct UntrustedDeviceTests {
    /// A device message whose numbers are out of any range, and what it is.
    struct BadMessage: CustomTestStringConvertible, Sendable {
        var name: String
        var message: DeviceMessage
        var testDescription: String { name }

        static func touch(_ name: String, at position: PanelPoint) -> BadMessage {
            let touch = TrackedTouch(
                trackingId: 90, slot: 0, phase: .began, position: position, startPosition: PanelPoint(x: 10, y: 10),
                startTime: 500)
            return BadMessage(name: name, message: .touch(TouchEventRecord(timestamp: 500, touch: touch)))
        }

        /// A gesture action its recognizer's state allows (a first `began`, a `recognized`): only its
        /// values are wrong.
        static func gesture(_ name: String, _ kind: GestureKind, location: PanelPoint = PanelPoint(x: 100, y: 50),
                            _ values: (inout GestureValues) -> Void) -> BadMessage {
            var settings = GestureValues()
            values(&settings)
            let state: GestureActionState = kind == .tap || kind == .circle ? .recognized : .began
            let event = GestureEvent(
                recognizer: 4, kind: kind, state: state, timestamp: 600, location: location, touches: 1, values: settings)
            return BadMessage(name: name, message: .gesture(event))
        }

        static let all: [BadMessage] = [
            .touch("touch event at x 1e30", at: PanelPoint(x: 1e30, y: 10)),
            .touch("touch event at y -infinity", at: PanelPoint(x: 10, y: -.infinity)),
            .touch("touch event at NaN", at: PanelPoint(x: .nan, y: 10)),
            .gesture("pan translated 1e30", .pan) { $0.translation = PanelPoint(x: 1e30, y: 0) },
            .gesture("pan velocity infinity", .pan) { $0.velocity = PanelPoint(x: 0, y: .infinity) },
            .gesture("pinch scale NaN", .pinch) { $0.scale = .nan },
            .gesture("rotation 1e30 radians", .rotation) { $0.rotation = -1e30 },
            .gesture("circle radius -3", .circle) { $0.radius = -3 },
            .gesture("long press -1 s", .longPress) { $0.duration = -1_000_000 },
            .gesture("tap at x 3e38", .tap, location: PanelPoint(x: 3e38, y: 5)) { $0.taps = 1 },
        ]
    }

    /// A touch the device tracked itself, whole and in range: what comes after a bad message.
    static let goodTouch: [DeviceMessage] = [TouchPhase.began, .ended].enumerated().map { index, phase in
        let touch = TrackedTouch(
            trackingId: 7, slot: 0, phase: phase, position: PanelPoint(x: 100, y: 50), startPosition: PanelPoint(x: 100, y: 50),
            startTime: 1_000)
        return .touch(TouchEventRecord(timestamp: 1_000 + Microseconds(index) * 50_000, touch: touch))
    }

    /// Every line of the stream is one JSON object whose numbers are numbers.
    static func objects(_ lines: [String]) -> [[String: Any]] {
        lines.compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            return object
        }
    }

    static func statuses(_ objects: [[String: Any]]) -> [String] {
        objects.filter { $0["type"] as? String == "status" }.compactMap { $0["event"] as? String }
    }

    // MARK: monitor

    @Test(arguments: BadMessage.all, ["--json", "--lines"])
    func monitorSurvivesAFrameWithNumbersNoDeviceCouldMeanAndCountsIt(_ bad: BadMessage, output: String) throws {
        let binary = try TouchHostBinary.locate()
        let device = try CraftedDevice(info: CAPIControllerInfo.fake)
        let monitor = try TouchHostBinary.start(binary, ["monitor", device.path, output, "--until-idle", "1"])
        defer { monitor.stop() }
        try #require(device.answerHost(within: 10), "the monitor never asked for the device's info")
        device.send(bad.message)
        for message in Self.goodTouch { device.send(message) }
        let lines = monitor.remainingLines(timeout: 20)
        #expect(monitor.process.terminationReason == .exit && monitor.process.terminationStatus == 0,
                "monitor ended by \(monitor.process.terminationReason == .uncaughtSignal ? "signal" : "status") \(monitor.process.terminationStatus): \(lines)")
        if output == "--json" {
            let objects = Self.objects(lines)
            #expect(Self.statuses(objects) == ["rejected"], "\(lines)")
            let touches = objects.filter { $0["type"] as? String == "touch" }
            #expect(touches.compactMap { $0["phase"] as? String } == ["began", "ended"], "\(lines)")
            #expect(touches.allSatisfy { $0["x"] as? Double == 100 && $0["y"] as? Double == 50 }, "\(lines)")
            #expect(!objects.contains { $0["type"] as? String == "gesture" }, "\(lines)")
        } else {
            #expect(lines.contains { $0.contains("status rejected") && $0.contains("count 1") }, "\(lines)")
            #expect(lines.filter { $0.contains("touch ") }.count == 2, "\(lines)")
        }
    }

    /// The board name is 16 bytes the device chooses: escape sequences and line ends in it are shown
    /// escaped, so it can neither drive the terminal nor forge a line of output.
    @Test(arguments: [
        ("\u{1B}[2J\nEvil\r\u{07}", #"\u{1B}[2J\u{A}Evil\u{D}\u{7}"#),
        ("kiosk\u{1B}]0;x\u{07}", #"kiosk\u{1B}]0;x\u{7}"#),
        ("a\u{7F}b\u{9B}31m", #"a\u{7F}b\u{9B}31m"#),
        ("\u{202E}gnp.exe", #"\u{202E}gnp.exe"#),
    ])
    func aBoardNameIsShownEscapedInTheMonitorsLines(name: String, shown: String) throws {
        var board = BoardName()
        for byte in name.utf8 { board.append(byte) }
        var info = CAPIControllerInfo.fake
        info.boardName = board
        let binary = try TouchHostBinary.locate()
        let device = try CraftedDevice(info: info)
        let monitor = try TouchHostBinary.start(binary, ["monitor", device.path, "--lines", "--until-idle", "1"])
        defer { monitor.stop() }
        try #require(device.answerHost(within: 10))
        usleep(300_000)
        for message in Self.goodTouch { device.send(message) }
        let lines = monitor.remainingLines(timeout: 20)
        #expect(lines.contains("\(device.path): \(shown), 345.0 x 194.0 mm, 120 reports/s, firmware 1.0.0"), "\(lines)")
        #expect(lines.count == 3, "a forged line? \(lines)")
        let text = lines.joined()
        #expect(!text.unicodeScalars.contains { DisplayText.needsEscape($0) }, "\(lines)")
    }

    /// The live view's header shows the same name the same way (its layout is `MonitorScreen`'s).
    @Test func aBoardNameIsShownEscapedInTheLiveViewsHeader() throws {
        var board = BoardName()
        for byte in "\u{1B}[2J\nEvil".utf8 { board.append(byte) }
        var info = CAPIControllerInfo.fake
        info.boardName = board
        // The info as the session gets it: decoded from the device's bytes.
        var decoder = FrameDecoder()
        var decoded: DeviceInfo?
        for byte in CAPIControllerInfo.bytes(.info(info)) {
            if case .device(.info(let info))? = decoder.push(byte) { decoded = info }
        }
        var state = MonitorState(port: "/dev/pts/\u{1B}9", link: "pty", recognizerNames: RecognizerSelection.kiosk.engineNames)
        state.info = try #require(decoded)
        let lines = MonitorScreen.lines(state, width: 120, height: 30)
        #expect(lines[0].hasPrefix(#" \u{1B}[2J\u{A}Evil  fw 1.0.0  345.0 x 194.0 mm"#), "\(lines[0])")
        #expect(lines[0].contains(#"/dev/pts/\u{1B}9"#), "\(lines[0])")
        #expect(!lines.joined().unicodeScalars.contains { DisplayText.needsEscape($0) })
    }

    /// `--contacts-from heatmap` searches the device's grid with the firmware's own stages: a grid
    /// they cannot hold, or a panel of no size, is one line naming the port, not a trap.
    @Test(arguments: [(UInt8(255), UInt8(255), UInt16(3450)), (0, 0, 3450), (2, 200, 3450), (121, 10, 3450), (32, 18, 0)])
    func aHeatmapNoSearchCanHoldIsRefusedInOneLine(columns: UInt8, rows: UInt8, width: UInt16) throws {
        var info = CAPIControllerInfo.fake
        info.columns = columns
        info.rows = rows
        info.panelWidth = width
        info.supportedModes = ReportModeSet.contacts.union(.heatmap)
        let device = try CraftedDevice(info: info)
        let answered = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = device.answerHost(within: 10)
            answered.signal()
        }
        let result = try TouchHostBinary.run(
            try TouchHostBinary.locate(), ["monitor", device.path, "--contacts-from", "heatmap", "--json", "--duration", "5"], timeout: 20)
        answered.wait()
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error.hasPrefix("touchhost: \(device.path): the controller's heatmap (\(columns) x \(rows) nodes")
                    && result.error.hasSuffix("is not one the host can search\n"), "\(result.error)")
    }

    // MARK: recordings

    @Test(arguments: BadMessage.all)
    func replayAndPlotSurviveARecordingHoldingSuchAFrame(_ bad: BadMessage) throws {
        let file = try CraftedFile.threc([.info(CAPIControllerInfo.fake), bad.message] + Self.goodTouch)
        defer { CraftedFile.remove(file) }
        let binary = try TouchHostBinary.locate()
        let replay = try TouchHostBinary.run(binary, ["replay", file, "--json"], timeout: 30)
        #expect(replay.status == 0, "\(replay.error)")
        let objects = Self.objects(replay.lines)
        #expect(Self.statuses(objects) == ["rejected"], "\(replay.lines)")
        #expect(objects.filter { $0["type"] as? String == "touch" }.count == 2, "\(replay.lines)")
        let readable = try TouchHostBinary.run(binary, ["replay", file], timeout: 30)
        #expect(readable.status == 0 && readable.lines.contains { $0.contains("status rejected (1)") }, "\(readable.lines)")

        let svg = file + ".svg"
        defer { CraftedFile.remove(svg) }
        let plot = try TouchHostBinary.run(binary, ["plot", file, "-o", svg], timeout: 30)
        #expect(plot.status == 0, "\(plot.error)")
        let drawing = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(drawing.contains("1 touches"), "\(drawing)")
    }

    /// Contact reports carry 12-bit coordinates; a device that declared a smaller range and sends
    /// beyond it has its contacts clamped to the panel's edge.
    @Test(arguments: [
        (UInt16(4095), UInt16(4095), PanelPoint(x: 345, y: 194)),
        (2001, 0, PanelPoint(x: 345, y: 0)),
        (0, 1500, PanelPoint(x: 0, y: 194)),
        (1000, 500, PanelPoint(x: 172.5, y: 97)),
    ])
    func aContactBeyondTheDeclaredRangeIsClampedToThePanel(x: UInt16, y: UInt16, expected: PanelPoint) throws {
        var info = CAPIControllerInfo.fake
        info.maxX = 2000
        info.maxY = 1000
        var messages: [DeviceMessage] = [.info(info)]
        for (index, state) in [ContactState.down, .move, .up].enumerated() {
            var report = ContactReport(sequence: UInt16(index), timestamp: 10_000 + UInt32(index) * 8_333)
            report.contacts.append(WireContact(id: 1, state: state, x: x, y: y))
            messages.append(.contacts(report))
        }
        let file = try CraftedFile.threc(messages)
        defer { CraftedFile.remove(file) }
        let replay = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file, "--json"], timeout: 30)
        #expect(replay.status == 0, "\(replay.error)")
        let touches = replay.lines.compactMap(TouchLine.init)
        #expect(touches.map(\.phase) == ["began", "ended"], "\(replay.lines)")
        #expect(touches.allSatisfy { $0.position == expected }, "\(touches.map(\.summary))")
    }
}

/// A controller played by the test on a pseudo-terminal: it answers the host's request for its
/// description with `info`, whatever that holds, and sends whatever frames it is given.
final class CraftedDevice: @unchecked Sendable {
    private let terminal: PseudoTerminal
    let info: DeviceInfo
    var path: String { terminal.path }

    init(info: DeviceInfo) throws {
        terminal = try PseudoTerminal()
        self.info = info
    }

    /// Waits until the host asks for the description, then gives it; false when no host asked.
    func answerHost(within timeout: TimeInterval) -> Bool {
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard terminal.link.waitForInput(milliseconds: 50) else { continue }
            buffer.removeAll()
            _ = try? terminal.link.read(into: &buffer)
            for byte in buffer {
                if case .command(let frame)? = decoder.push(byte), frame.command == .getInfo {
                    send(.info(info))
                    return true
                }
            }
        }
        return false
    }

    func send(_ message: DeviceMessage) {
        try? terminal.link.write(CAPIControllerInfo.bytes(message))
    }
}

/// Files for the product to read, in the temporary folder.
enum CraftedFile {
    static func write(_ text: String, name: String) throws -> String {
        try write(Data(text.utf8), name: name)
    }

    static func write(_ data: Data, name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("untrusted-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(UUID().uuidString.prefix(8))-\(name)").path
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw TouchHostBinary.Failure(description: "cannot write \(path)")
        }
        return path
    }

    /// A `.threc` recording of a device that sent `messages`, one line each, 8.3 ms apart.
    static func threcText(_ messages: [DeviceMessage]) -> String {
        var lines = [Recording.header, Recording.line(for: Recording.Chunk(time: 0, direction: .toDevice, bytes: [0]))]
        for (index, message) in messages.enumerated() {
            let chunk = Recording.Chunk(
                time: 1_000 + Microseconds(index) * 8_333, direction: .fromDevice, bytes: CAPIControllerInfo.bytes(message))
            lines.append(Recording.line(for: chunk))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func threc(_ messages: [DeviceMessage]) throws -> String {
        try write(threcText(messages), name: "crafted.threc")
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }
}
