import Boards
import Firmware
import Testing
import TouchCore

/// The controller measures each contact's ellipse against the simulated panel's truth
/// (`ContactFootprint`): axes within 1 mm, orientation within 10 degrees where the contact is
/// elongated, on every scan once the tracker's average has settled; and it turns a resting palm into one flagged contact while fingers beside it stay.
@Suite struct ContactShapeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var board: String
        var major: Float
        var minor: Float
        var orientation: Float
        var testDescription: String { "\(board) \(major) x \(minor) mm at \(orientation) degrees" }
    }

    static let boards = ["panel-7", "kiosk-15", "kiosk-22"]
    static let shapes: [(Float, Float, Float)] = [(9, 9, 0), (7, 7, 0), (12, 12, 0), (16, 8, 0), (16, 8, 30), (18, 9, 135), (14, 9, 75)]
    static let cases = boards.flatMap { board in shapes.map { Case(board: board, major: $0.0, minor: $0.1, orientation: $0.2) } }

    static func orientationError(_ a: Float, _ b: Float) -> Float {
        let d = abs(a - b).truncatingRemainder(dividingBy: 180)
        return min(d, 180 - d)
    }

    @Test(arguments: cases)
    func shapeIsMeasuredWithinTolerance(_ c: Case) throws {
        let board = try #require(BoardCatalog.board(named: c.board.utf8))
        // Off the node grid on purpose, at several places, over many scans.
        for (index, spot) in [PanelPoint(x: 40.3, y: 30.7), PanelPoint(x: 77.6, y: 52.1)].enumerated() {
            var harness = ControllerHarness(board: board, seed: UInt64(11 + index))
            // Past the power-up calibration: a finger there would become part of the baseline.
            _ = harness.scans(20)
            harness.controller.apply(
                FingerStimulus(
                    finger: 1, action: .down, position: spot,
                    shape: ContactShape(major: c.major, minor: c.minor, orientation: c.orientation)))
            // The tracker averages a contact's ellipse over its first 16 scans, then runs on.
            let scans = harness.scans(40).dropFirst(12)
            let shapes = scans.compactMap { $0.first(where: { $0.state != .up })?.shape.contactShape }
            #expect(shapes.count == scans.count, "one contact every scan")
            for shape in shapes {
                #expect(abs(shape.major - c.major) <= 1, "major \(shape.major)")
                #expect(abs(shape.minor - c.minor) <= 1, "minor \(shape.minor)")
                if c.major - c.minor >= 4 {
                    #expect(Self.orientationError(shape.orientation, c.orientation) <= 10, "orientation \(shape.orientation)")
                }
                #expect(!shape.isKnown || scans.allSatisfy { $0.allSatisfy { !$0.isPalm } })
            }
        }
    }

    struct PalmCase: CustomTestStringConvertible, Sendable {
        var board: String
        var seed: UInt64
        var testDescription: String { "\(board) seed \(seed)" }
    }

    static let palmCases = boards.flatMap { board in (1...3).map { PalmCase(board: board, seed: $0) } }

    /// A palm 60 mm to the left of a finger (centre to centre, its own edge 30 mm away on the small
    /// panel): one palm contact from start to end, and the finger its own contact throughout.
    @Test(arguments: palmCases)
    func palmBecomesOneFlaggedContactAndTheFingerBesideItStays(_ c: PalmCase) throws {
        let board = try #require(BoardCatalog.board(named: c.board.utf8))
        var harness = ControllerHarness(board: board, seed: c.seed)
        let palmAt = PanelPoint(x: board.panelWidth / 2 - 30, y: board.panelHeight / 2)
        let fingerAt = PanelPoint(x: palmAt.x + 60, y: palmAt.y + 3)
        let palmSize = ContactShape(major: 60, minor: 45, orientation: 0)
        _ = harness.scans(5)
        harness.controller.apply(FingerStimulus(finger: 9, action: .down, position: palmAt, shape: palmSize, isPalm: true))
        let before = harness.scans(20)
        harness.down(1, fingerAt)
        let together = harness.scans(20)
        harness.up(1)
        harness.controller.apply(FingerStimulus(finger: 9, action: .up, position: palmAt))
        let after = harness.scans(10)
        let all = before + together + after
        let palmDowns = all.joined().filter { $0.isPalm && $0.state == .down }
        let fingerDowns = all.joined().filter { !$0.isPalm && $0.state == .down }
        #expect(palmDowns.count == 1, "one palm")
        #expect(fingerDowns.count == 1, "one finger")
        for scan in together.dropFirst(3) {
            let fingers = scan.filter { !$0.isPalm && $0.state != .up }
            #expect(fingers.count == 1)
            if let finger = fingers.first {
                let x = board.millimetresX(device: finger.x)
                #expect(abs(x - fingerAt.x) < 2, "the finger stays where it is: \(x)")
            }
        }
        #expect(after.last?.isEmpty == true, "everything lifted")
    }
}
