import Boards
import Firmware
import Foundation
import SharedDataSupport
import Testing
import TouchCore

/// Real pen strokes (the $1 unistroke logs) replayed as a finger on the simulated panel: shapes
/// and speeds no one on this project chose.
@Suite struct RecordedStrokeTests {
    static let gestures = [
        "arrow", "caret", "check", "circle", "delete_mark", "left_curly_brace", "right_curly_brace",
        "left_sq_bracket", "right_sq_bracket", "pigtail", "question_mark", "rectangle", "star", "triangle", "v", "x",
    ]

    /// One stroke per gesture and speed, spread over the subjects in the folder.
    static let files: [String] = gestures.enumerated().flatMap { index, gesture in
        ["slow", "medium", "fast"].map { "s0\(2 + index % 5)/\($0)/\(gesture)0\(1 + index % 9).xml" }
    }

    struct Stroke {
        var points: [(t: Float, p: PanelPoint)]

        /// Pixels of the 240x320 stylus screen become mm at 0.25 mm a pixel, the importer's default,
        /// placed near the middle of the panel.
        init?(contentsOf url: URL, origin: PanelPoint) {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            let pattern = try! NSRegularExpression(pattern: #"<Point X="(-?\d+)" Y="(-?\d+)" T="(\d+)""#)
            let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
            var points: [(Float, PanelPoint)] = []
            for match in matches {
                func field(_ i: Int) -> Double { Double(text[Range(match.range(at: i), in: text)!])! }
                points.append((Float(field(3)), PanelPoint(x: origin.x + Float(field(1)) * 0.25, y: origin.y + Float(field(2)) * 0.25)))
            }
            guard let first = points.first?.0, points.count > 1 else { return nil }
            self.points = points.map { ($0.0 - first, $0.1) }
        }

        var duration: Float { points.last!.t }

        func position(at t: Float) -> PanelPoint {
            guard let after = points.firstIndex(where: { $0.t >= t }) else { return points.last!.p }
            if after == 0 { return points[0].p }
            let a = points[after - 1], b = points[after]
            let f = b.t > a.t ? (t - a.t) / (b.t - a.t) : 1
            return a.p + (b.p - a.p) * f
        }
    }

    /// Missing data fails each case (SharedTestData.file throws), never skips.
    @Test(arguments: files)
    func aRecordedStrokeIsTrackedWithinHalfAMillimetreRms(file: String) throws {
        let board = BoardCatalog.defaultBoard
        let url = try SharedTestData.file("unistroke/" + file)
        let stroke = try #require(Stroke(contentsOf: url, origin: PanelPoint(x: 130, y: 50)), "\(url.path)")
        var h = ControllerHarness(board: board)
        var samples: [PathSample] = []
        var t: Float = 0
        h.down(1, stroke.position(at: 0))
        while t <= stroke.duration {
            let truth = stroke.position(at: t)
            h.move(1, truth)
            for contact in h.scan() where contact.state != .up {
                samples.append(PathSample(truth: truth, reported: board.millimetres(contact)))
            }
            t += 1000 / Float(board.reportRate)
        }
        #expect(samples.count >= Int(stroke.duration * Float(board.reportRate) / 1000) - 1)
        #expect(Statistics.rmsError(samples) <= 0.5)
    }
}
