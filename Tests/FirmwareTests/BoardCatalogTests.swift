import Boards
import Firmware
import Testing

@Suite struct BoardCatalogTests {
    @Test func everyBoardIsEnumeratedAndFoundByItsName() {
        #expect(catalogBoards.count == BoardCatalog.count)
        #expect(BoardCatalog.board(at: BoardCatalog.count) == nil)
        for board in catalogBoards {
            let name = "\(board.name)"
            #expect(BoardCatalog.board(named: name.utf8).map { "\($0.name)" } == name)
        }
        #expect(Set(catalogBoards.map { "\($0.name)" }).count == BoardCatalog.count)
    }

    @Test func boardsEqualOnlyThemselves() {
        for (i, a) in catalogBoards.enumerated() {
            for (j, b) in catalogBoards.enumerated() { #expect((a == b) == (i == j)) }
        }
        var renamed = Boards.kiosk15
        renamed.name = "kiosk-16"
        #expect(renamed != Boards.kiosk15)
    }

    @Test func unknownAndPrefixNamesFindNothing() {
        #expect(BoardCatalog.board(named: "kiosk".utf8) == nil)
        #expect(BoardCatalog.board(named: "kiosk-15x".utf8) == nil)
        #expect(BoardCatalog.board(named: "".utf8) == nil)
        #expect(BoardCatalog.board(named: String(repeating: "k", count: 40).utf8) == nil)
    }

    @Test func deviceCodeFindsBoardsByStaticName() {
        #expect(BoardCatalog.board(named: "panel-7" as StaticString) == Boards.panel7)
        #expect(BoardCatalog.board(named: "panel-8" as StaticString) == nil)
    }

    @Test func theDefaultBoardIsTheFifteenInchKiosk() {
        #expect("\(BoardCatalog.defaultBoard.name)" == "kiosk-15")
        #expect(BoardCatalog.defaultBoard.reportRate == 120)
    }

    @Test(arguments: catalogBoards)
    func boardsAreBelievable(board: BoardDefinition) {
        #expect(board.isSupported)
        #expect(board.nodePitchX > 4.5 && board.nodePitchX < 5.5)
        #expect(board.nodePitchY > 4.5 && board.nodePitchY < 5.5)
        #expect(board.maxCoordinateX == 4095 && board.maxCoordinateY == 4095)
        // Signal to noise of a finger above 30 dB (about 32:1), as panel vendors specify.
        #expect(board.fingerAmplitude / board.noiseCounts > 32)
        // Aspect 16:9 within a percent.
        #expect(abs(board.panelWidth / board.panelHeight - 16.0 / 9.0) < 0.02)
    }

    @Test(arguments: catalogBoards)
    func deviceUnitsRoundTripToWithinAQuantum(board: BoardDefinition) {
        for mm in stride(from: Float(0), through: board.panelWidth, by: 7.3) {
            let back = board.millimetresX(device: board.deviceX(millimetres: mm))
            #expect(abs(back - mm) <= board.panelWidth / 4095)
        }
        #expect(board.deviceX(millimetres: -3) == 0)
        #expect(board.deviceY(millimetres: board.panelHeight + 1) == 4095)
    }
}
