import Boards
import Firmware
import TouchCore

/// A finger's true position over time, in mm, for playing through the simulated panel.
struct FingerPath: CustomStringConvertible, Sendable {
    let name: String
    let duration: Float
    /// Position at a fraction 0...1 of the duration, given the panel size.
    let position: @Sendable (_ fraction: Float, _ width: Float, _ height: Float) -> PanelPoint

    var description: String { name }

    /// A coordinate on one axis: mm from the near edge, mm from the far edge, or a fraction of the side.
    enum Place: Sendable {
        case near(Float)
        case far(Float)
        case fraction(Float)

        func resolve(_ side: Float) -> Float {
            switch self {
            case .near(let mm): mm
            case .far(let mm): side - mm
            case .fraction(let f): side * f
            }
        }
    }

    static func line(_ name: String, from a: (Place, Place), to b: (Place, Place), duration: Float = 1) -> FingerPath {
        FingerPath(name: name, duration: duration) { f, w, h in
            let ax = a.0.resolve(w), ay = a.1.resolve(h), bx = b.0.resolve(w), by = b.1.resolve(h)
            return PanelPoint(x: ax + (bx - ax) * f, y: ay + (by - ay) * f)
        }
    }

    static func hold(_ name: String, at p: (Place, Place), duration: Float = 1) -> FingerPath {
        line(name, from: p, to: p, duration: duration)
    }

    static let all: [FingerPath] = [
        .line("horizontal", from: (.near(20), .fraction(0.5)), to: (.far(20), .fraction(0.5))),
        .line("vertical", from: (.fraction(0.5), .near(15)), to: (.fraction(0.5), .far(15))),
        .line("diagonal", from: (.near(10), .near(10)), to: (.far(10), .far(10))),
        .line("steep diagonal, fast", from: (.fraction(0.1), .far(10)), to: (.fraction(0.3), .near(10)), duration: 0.25),
        .line("along the top edge", from: (.near(15), .near(3)), to: (.far(15), .near(3))),
        .line("along the bottom edge", from: (.near(15), .far(3)), to: (.far(15), .far(3))),
        .line("along the left edge", from: (.near(3), .near(10)), to: (.near(3), .far(10))),
        .line("along the right edge", from: (.far(3), .near(10)), to: (.far(3), .far(10))),
        .hold("top-left corner", at: (.near(3), .near(3))),
        .hold("bottom-right corner", at: (.far(3), .far(3))),
        .hold("between four nodes", at: (.fraction(0.3), .fraction(0.3))),
        .hold("centre", at: (.fraction(0.5), .fraction(0.5))),
    ]
}

/// What the controller reported for one finger against where it really was.
struct PathSample {
    var truth: PanelPoint
    var reported: PanelPoint
}

enum PathPlayer {
    /// Plays one finger along `path` on a fresh controller, one stimulus per scan at the board's
    /// report rate, and pairs each reported position with the true one at that scan.
    static func play(_ path: FingerPath, on board: BoardDefinition, seed: UInt64 = 1) -> [PathSample] {
        var controller = TouchController(board: board, seed: seed)
        let period = Microseconds(1_000_000 / board.reportRate)
        var time: Microseconds = 0
        for _ in 0..<10 {
            time += period
            _ = controller.scan(at: time)
        }
        let scans = max(2, Int(path.duration * Float(board.reportRate)))
        var samples: [PathSample] = []
        for i in 0...scans {
            time += period
            let truth = path.position(Float(i) / Float(scans), board.panelWidth, board.panelHeight)
            controller.apply(FingerStimulus(finger: 1, action: i == 0 ? .down : .move, position: truth))
            let result = controller.scan(at: time)
            for c in result.contacts.indices where result.contacts[c].state != .up {
                samples.append(PathSample(truth: truth, reported: board.millimetres(result.contacts[c])))
            }
        }
        return samples
    }
}

extension BoardDefinition {
    func millimetres(_ contact: ScanContact) -> PanelPoint {
        PanelPoint(x: millimetresX(device: contact.x), y: millimetresY(device: contact.y))
    }
}

enum Statistics {
    static func rmsError(_ samples: [PathSample]) -> Float {
        let sum = samples.reduce(Float(0)) { $0 + $1.truth.squaredDistance(to: $1.reported) }
        return (sum / Float(samples.count)).squareRoot()
    }

    /// Standard deviation of the reported positions about their mean (radial).
    static func jitter(_ points: [PanelPoint]) -> Float {
        let mean = points.reduce(PanelPoint.zero, +) / Float(points.count)
        let sum = points.reduce(Float(0)) { $0 + $1.squaredDistance(to: mean) }
        return (sum / Float(points.count)).squareRoot()
    }
}

let catalogBoards: [BoardDefinition] = (0..<BoardCatalog.count).compactMap { BoardCatalog.board(at: $0) }

extension BoardDefinition: CustomStringConvertible {
    public var description: String { "\(name)" }
}
