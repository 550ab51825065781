import Firmware
import TouchCore

/// Every board touchhost knows. Enumerated by index rather than through an array so the
/// catalog costs nothing on the device: `for i in 0..<BoardCatalog.count { BoardCatalog.board(at: i) }`.
public enum BoardCatalog {
    public static var firmwareVersion: FirmwareVersion { .current }

    public static let count = 3

    /// The board `emulate`, `demo` and touch scripts use when nothing else is named.
    public static var defaultBoard: BoardDefinition { Boards.kiosk15 }

    public static func board(at index: Int) -> BoardDefinition? {
        switch index {
        case 0: return Boards.panel7
        case 1: return Boards.kiosk15
        case 2: return Boards.kiosk22
        default: return nil
        }
    }

    /// Finds a board by its name's UTF-8 bytes.
    public static func board(named name: UnsafeBufferPointer<UInt8>) -> BoardDefinition? {
        for index in 0..<count {
            if let board = board(at: index), board.nameEquals(name) { return board }
        }
        return nil
    }

    public static func board(named name: StaticString) -> BoardDefinition? {
        name.withUTF8Buffer { board(named: $0) }
    }
}
