import Boards
import Firmware
import Testing
import TouchCore

@Suite struct CommandHandlerTests {
    @Test(arguments: catalogBoards)
    func powerUpAnnouncesTheBoard(board: BoardDefinition) throws {
        var link = LinkHarness(board: board)
        let first = link.advance(by: 0)
        let info = try #require(first.first?.info)
        #expect(info.boardName == BoardName(board.name))
        #expect(info.panelSize.x == board.panelWidth && info.panelSize.y == board.panelHeight)
        #expect(Int(info.columns) == board.columns && Int(info.rows) == board.rows)
        #expect(Int(info.reportRate) == board.reportRate && Int(info.maxContacts) == board.maxContacts)
        #expect(info.firmwareVersion == .current)
    }

    @Test func getInfoIsAnsweredWithAReplyAndThenTheInfo() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.advance(by: 0)
        let id = link.send(.getInfo)
        let messages = link.advance(by: 1)
        #expect(messages.count == 2)
        #expect(messages.first?.reply == CommandReply(requestId: id, command: .getInfo, result: .accepted))
        #expect(messages.last?.info != nil)
    }

    @Test func aStimulusCommandBecomesAContactAtThatPlace() throws {
        var link = LinkHarness(board: Boards.kiosk15)
        let info = try #require(link.advance(by: 0).first?.info)
        let id = link.send(.stimulus(FingerStimulus(finger: 1, action: .down, position: PanelPoint(x: 120, y: 80.5))))
        let messages = link.advance(by: 100_000)
        #expect(messages.first?.reply == CommandReply(requestId: id, command: .stimulus, result: .accepted))
        let reports = messages.compactMap(\.report)
        #expect(reports.count == 12)
        let contacts = reports.flatMap { r in r.contacts.indices.map { r.contacts[$0] } }
        #expect(contacts.first?.state == .down)
        let last = try #require(contacts.last)
        #expect(last.state == .move)
        #expect(info.millimetres(x: last.x, y: last.y).distance(to: PanelPoint(x: 120, y: 80.5)) < 0.5)
        #expect(last.amplitude > 100)
        // Sequence numbers count scans without gaps.
        #expect(zip(reports.dropFirst(), reports).allSatisfy { $0.sequence == $1.sequence &+ 1 })
    }

    @Test func heatmapModeSendsWholeGridsWithTheFingerOnThem() throws {
        var link = LinkHarness(board: Boards.panel7)
        _ = link.advance(by: 0)
        let id = link.send(.setMode(.both))
        let board = link.controller.board
        let node = PanelPoint(x: 16.5 * board.nodePitchX, y: 9.5 * board.nodePitchY)
        link.controller.apply(FingerStimulus(finger: 1, action: .down, position: node))
        let messages = link.advance(by: 1_000_000)
        #expect(messages.first?.reply == CommandReply(requestId: id, command: .setMode, result: .accepted))
        let slices = messages.compactMap(\.slice)
        let rows = link.controller.board.rows
        let grids = Dictionary(grouping: slices, by: \.sequence).filter { _, s in s.reduce(0) { $0 + Int($1.rowCount) } == rows }
        // The baud rate limits heatmaps, but there are some every second, and contacts every scan.
        #expect(grids.count == link.controller.reportRate / link.controller.heatmapInterval
            || grids.count == link.controller.reportRate / link.controller.heatmapInterval + 1)
        #expect(grids.count >= 3)
        #expect(messages.compactMap(\.report).count == link.controller.reportRate)
        let grid = try #require(grids.max { $0.key < $1.key }?.value)
        var peak: (value: Int16, row: Int, column: Int) = (0, 0, 0)
        for slice in grid {
            for row in Int(slice.firstRow)..<Int(slice.firstRow) + Int(slice.rowCount) {
                for column in 0..<Int(slice.columns) where slice[row, column] > peak.value {
                    peak = (slice[row, column], row, column)
                }
            }
        }
        #expect(peak.column == 16 && peak.row == 9)
    }

    @Test func heatmapOnlyModeSendsNoContactReports() {
        var link = LinkHarness(board: Boards.panel7)
        _ = link.send(.setMode(.heatmap))
        let messages = link.advance(by: 500_000)
        #expect(messages.compactMap(\.report).isEmpty)
        #expect(!messages.compactMap(\.slice).isEmpty)
    }

    @Test func unsupportedModesAndRatesAreRefused() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.advance(by: 0)
        let gestures = link.send(.setMode(.gestures))
        let tooFast = link.send(.setReportRate(2000))
        let fine = link.send(.setReportRate(60))
        let replies = link.advance(by: 1).compactMap(\.reply)
        #expect(replies == [
            CommandReply(requestId: gestures, command: .setMode, result: .unsupported),
            CommandReply(requestId: tooFast, command: .setReportRate, result: .invalidArgument),
            CommandReply(requestId: fine, command: .setReportRate, result: .accepted),
        ])
        #expect(link.controller.reportRate == 60)
    }

    @Test func aCommandWithArgumentsThatDoNotParseIsRefusedByItsRequestId() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.advance(by: 0)
        // setMode with mode 9: a valid frame carrying an impossible argument.
        var frame = FrameBuffer()
        for byte: UInt8 in [WireFormat.version, FrameType.setMode.rawValue, 42, 9] { frame.append(byte) }
        frame.append(CRC16.checksum(of: frame, count: frame.count))
        var bytes = ByteCollector()
        COBS.encode(frame, to: &bytes)
        link.sendRaw(bytes.bytes)
        let replies = link.advance(by: 1).compactMap(\.reply)
        #expect(replies == [CommandReply(requestId: 42, command: .setMode, result: .invalidArgument)])
        #expect(link.controller.mode == .contacts)
    }

    @Test func garbageIsCountedAndReportedAsBadCommands() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.advance(by: 0)
        link.sendRaw([0x13, 0x37, 0xFF, 0x42, 0x00])
        let statuses = link.advance(by: 1).compactMap(\.status)
        #expect(statuses.map(\.kind) == [.badCommands])
        #expect(statuses.first?.count == 1)
        // Said once, not every scan.
        #expect(link.advance(by: 100_000).compactMap(\.status).isEmpty)
    }

    @Test func resetRepliesThenRestartsTheSequenceAndAnnouncesItself() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.advance(by: 100_000)
        let id = link.send(.reset)
        let messages = link.advance(by: 50_000)
        #expect(messages.first?.reply == CommandReply(requestId: id, command: .reset, result: .accepted))
        #expect(messages.dropFirst().first?.status?.kind == .reset)
        #expect(messages.dropFirst().first?.status?.count == 1)
        #expect(messages.dropFirst(2).first?.info != nil)
        #expect(messages.compactMap(\.report).first?.sequence == 0)
    }

    @Test func recalibrateIsConfirmedByAStatus() {
        var link = LinkHarness(board: Boards.kiosk15)
        _ = link.advance(by: 0)
        let id = link.send(.recalibrate)
        let messages = link.advance(by: 1)
        #expect(messages.first?.reply == CommandReply(requestId: id, command: .recalibrate, result: .accepted))
        #expect(messages.compactMap(\.status).map(\.kind) == [.recalibrated])
    }
}

@Suite struct LinkBandwidthTests {
    @Test(arguments: catalogBoards)
    func contactsAndHeatmapsWithEveryFingerDownFitTheBaudRate(board: BoardDefinition) {
        var controller = TouchController(board: board, seed: 2)
        controller.mode = .both
        for finger in 0..<board.maxContacts {
            let x = board.panelWidth * (0.1 + 0.8 * Float(finger % 5) / 4)
            let y = board.panelHeight * (finger < 5 ? 0.3 : finger < 10 ? 0.6 : 0.85)
            controller.apply(FingerStimulus(finger: UInt8(finger), action: .down, position: PanelPoint(x: x, y: y)))
        }
        var warmUp = ByteCollector()
        controller.advance(to: 100_000, output: &warmUp)
        var second = ByteCollector()
        controller.advance(to: 1_100_000, output: &second)
        // 8N1: ten bits a byte.
        #expect(second.bytes.count * 10 <= board.baud * 3 / 4)
        #expect(second.bytes.count * 10 > board.baud / 4)
    }
}
