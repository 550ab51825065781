import Testing
import TouchCore
import TouchHost

/// `ABS_MT_TOUCH_MAJOR`, `_MINOR` and `_ORIENTATION` become the contact's ellipse (contracts.md
/// section 7): axes in mm at the axis's own resolution, else the position axes'; evdev's signed
/// quarter turn clockwise from north becomes degrees clockwise from x.
@Suite struct EvemuShapeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var majorResolution: Int?
        var major: Int
        var minor: Int?
        var orientation: Int?
        var expected: ContactShape
        var testDescription: String { "major \(major) minor \(minor.map(String.init) ?? "-") orientation \(orientation.map(String.init) ?? "-")" }
    }

    static let cases = [
        // Position axes: 10 units/mm; orientation range -90...90 (a quarter turn is 90).
        Case(major: 120, minor: 80, orientation: 0, expected: ContactShape(major: 12, minor: 8, orientation: 90)),
        Case(major: 120, minor: 80, orientation: 90, expected: ContactShape(major: 12, minor: 8, orientation: 0)),
        Case(major: 120, minor: 80, orientation: -45, expected: ContactShape(major: 12, minor: 8, orientation: 45)),
        Case(major: 120, minor: 80, orientation: 30, expected: ContactShape(major: 12, minor: 8, orientation: 120)),
        Case(major: 90, minor: nil, orientation: nil, expected: ContactShape(major: 9, minor: 9, orientation: 90)),
        Case(majorResolution: 4, major: 40, minor: 20, orientation: 0, expected: ContactShape(major: 10, minor: 5, orientation: 90)),
    ]

    @Test(arguments: cases)
    func kernelAxesBecomeTheContactsEllipse(_ c: Case) throws {
        var text = """
            N: Shaped Panel
            A: 2f 0 9 0 0 0
            A: 30 0 1000 0 0 \(c.majorResolution ?? 0)
            A: 31 0 1000 0 0 \(c.majorResolution ?? 0)
            A: 34 -90 90 0 0 0
            A: 35 0 1000 0 0 10
            A: 36 0 500 0 0 10
            A: 39 0 65535 0 0 0
            E: 1.000000 0003 0039 5
            E: 1.000000 0003 0035 100
            E: 1.000000 0003 0036 200
            E: 1.000000 0003 0030 \(c.major)

            """
        if let minor = c.minor { text += "E: 1.000000 0003 0031 \(minor)\n" }
        if let orientation = c.orientation { text += "E: 1.000000 0003 0034 \(orientation)\n" }
        text += """
            E: 1.000000 0000 0000 0
            E: 1.010000 0003 0039 -1
            E: 1.010000 0000 0000 0
            """
        let frames = try EvemuImporter().parse(text, file: "shaped.events").frames
        let frame = try #require(frames.first { _ in true })
        let shape = try #require(frame.contacts.indices.first.map { frame.contacts[$0].shape })
        #expect(abs(shape.major - c.expected.major) < 0.01)
        #expect(abs(shape.minor - c.expected.minor) < 0.01)
        #expect(abs(shape.orientation - c.expected.orientation) < 0.01)
    }

    @Test func aDeviceWithoutShapeAxesGivesNoShape() throws {
        let text = """
            N: Plain Panel
            A: 2f 0 9 0 0 0
            A: 35 0 1000 0 0 10
            A: 36 0 500 0 0 10
            A: 39 0 65535 0 0 0
            E: 1.000000 0003 0039 5
            E: 1.000000 0003 0035 100
            E: 1.000000 0003 0036 200
            E: 1.000000 0000 0000 0
            """
        let frames = try EvemuImporter().parse(text, file: "plain.events").frames
        let frame = try #require(frames.first { _ in true })
        #expect(frame.contacts[0].shape == .unknown)
    }
}
