import Testing
@testable import TouchHost

/// `calibrate` on a terminal, rendered to text: the screen's outline scaled to the terminal, the
/// target to touch where its fraction of the screen says, the ones done marked.
@Suite struct CalibrationViewTests {
    static let screen = ScreenSize(width: 1920, height: 1080)

    @Test(arguments: [0, 2, 4])
    func theTargetSitsAtItsPlaceOnTheOutline(current: Int) throws {
        let targets = try #require(CalibrationTargets.targets(count: 5, on: Self.screen))
        let rows = CalibrationView.render(
            screen: Self.screen, targets: targets, current: current, header: "kiosk-15", message: "target",
            width: 82, height: 30)
        let map = rows.dropFirst().prefix { $0.style == .plain }.map(\.text)
        // The outline's inside: its border is one character each side.
        let inside = map.dropFirst().dropLast().map { Array($0.dropFirst().dropLast()) }
        let row = try #require(inside.firstIndex { $0.contains("+") }, "\(map.joined(separator: "\n"))")
        let column = try #require(inside[row].firstIndex(of: "+"))
        let fraction = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9), (0.5, 0.5)][current]
        #expect(abs(Double(column) + 0.5 - fraction.0 * Double(inside[row].count)) <= 1)
        #expect(abs(Double(row) + 0.5 - fraction.1 * Double(inside.count)) <= 1)
        #expect(inside.joined().filter { $0 == "o" }.count == current)
        #expect(rows.last { $0.style == .banner }?.text == "target")
    }
}
