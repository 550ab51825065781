import Testing
import TouchCore
@testable import TouchHost

@Suite struct TouchScriptParserTests {
    private func only(_ text: String) throws -> TimedStatement {
        let script = try TouchScriptParser.parse(text)
        #expect(script.statements.count == 1)
        return try #require(script.statements.first)
    }

    @Test(arguments: [
        ("250ms", Microseconds(250_000)), ("1.5s", 1_500_000), ("8.016s", 8_016_000), ("0ms", 0), ("40us", 40),
    ])
    func timesAcceptMillisecondsSecondsAndMicroseconds(word: String, micros: Microseconds) throws {
        #expect(try only("\(word) cancel").time == micros)
    }

    @Test func panelAndRateHeadTheScript() throws {
        let script = try TouchScriptParser.parse("panel 300 200 # mm\nrate 90\n0ms cancel\n")
        #expect(script.panelSize == PanelSize(width: 300, height: 200))
        #expect(script.reportRate == 90)
    }

    @Test(arguments: [
        ("0ms down 1 120 80", ScriptStatement.down(finger: 1, at: PanelPoint(x: 120, y: 80))),
        ("0ms down 1 120 80\n16ms move 1 121.5 80", .move(finger: 1, to: PanelPoint(x: 121.5, y: 80))),
        ("0ms down 1 120 80\n500ms up 1", .up(finger: 1)),
        ("520ms cancel", .cancel),
        ("1s tap 150 100", .tap(at: PanelPoint(x: 150, y: 100), fingers: .single)),
        ("1.5s tap 150 100 fingers 2 spread 20", .tap(at: PanelPoint(x: 150, y: 100), fingers: FingerGroup(count: 2, spread: 20))),
        ("2s hold 150 100 for 800ms", .hold(at: PanelPoint(x: 150, y: 100), duration: 800_000, fingers: .single)),
        ("3s drag from 50 50 to 250 50 in 300ms", .drag(from: PanelPoint(x: 50, y: 50), to: PanelPoint(x: 250, y: 50), duration: 300_000, fingers: .single)),
        ("3s drag from 50 50 to 250 50 in 300ms fingers 3 spread 15", .drag(from: PanelPoint(x: 50, y: 50), to: PanelPoint(x: 250, y: 50), duration: 300_000, fingers: FingerGroup(count: 3, spread: 15))),
        ("4s pinch at 150 100 from 40 to 120 in 500ms", .pinch(center: PanelPoint(x: 150, y: 100), fromDistance: 40, toDistance: 120, duration: 500_000)),
        ("5s rotate at 150 100 radius 40 by 90 in 600ms", .rotate(center: PanelPoint(x: 150, y: 100), radius: 40, degrees: 90, duration: 600_000)),
        ("6s path 10 10, 20 15, 30 30 in 400ms", .path(points: [PanelPoint(x: 10, y: 10), PanelPoint(x: 20, y: 15), PanelPoint(x: 30, y: 30)], duration: 400_000)),
        ("7s edge left at 100 inward 80 in 250ms", .edge(.left, at: 100, inward: 80, duration: 250_000)),
        ("8s report seq 120 [3 down 120 80] [4 down 140 80]", .report(sequence: 120, contacts: [
            ScriptContact(id: 3, state: .down, position: PanelPoint(x: 120, y: 80)),
            ScriptContact(id: 4, state: .down, position: PanelPoint(x: 140, y: 80)),
        ])),
        ("8.08s report [3 down 300 150]", .report(sequence: nil, contacts: [ScriptContact(id: 3, state: .down, position: PanelPoint(x: 300, y: 150))])),
        ("9s report", .report(sequence: nil, contacts: [])),
    ])
    func everyStatementKindParses(text: String, expected: ScriptStatement) throws {
        let script = try TouchScriptParser.parse(text)
        #expect(script.statements.last?.statement == expected)
    }

    @Test(arguments: [
        ("0ms tap 1 1\n\n# comment\n1s tap 1 1\n500ms tap 1 1", 5, "earlier"),
        ("0ms wiggle 1 2", 1, "unknown statement 'wiggle'"),
        ("0ms tap 1 abc", 1, "'abc' is not a number"),
        ("soon tap 1 1", 1, "not a time"),
        ("0ms drag from 1 1 to 2 2", 1, "expected 'in'"),
        ("0ms tap 1 1\n0ms move 4 1 1", 2, "finger 4 is not down"),
        ("0ms down 2 1 1\n1ms down 2 1 1", 2, "already down"),
        ("0ms tap 1 1\npanel 100 100", 2, "before the first timed statement"),
        ("0ms report [3 sideways 1 1]", 1, "down, move or up"),
        ("0ms report [32 down 1 1]", 1, "contact id 32 is not in 0...31"),
        ("0ms report [1 down 1 1]\n8ms report [1 up 1 1] [255 down 1 1]", 2, "contact id 255 is not in 0...31"),
        ("0ms report [-1 down 1 1]", 1, "contact id -1 is not in 0...31"),
        ("0ms report [2.5 down 1 1]", 1, "contact id '2.5' is not a whole number"),
        ("0ms report [2 up 51 50] [2 down 200]", 1, "y ']' is not a number"),
        ("0ms report [2 up 51 50] 2 down 200 120]", 1, "expected '[', found '2'"),
        ("0ms report [2 up 51 50] [2 down 200 120", 1, "expected ']' at the end of the line"),
        ("0ms report seq 65536x [2 up 51 50]", 1, "not a whole number"),
        ("0ms path 1 1 in 100ms", 1, "at least two points"),
        ("0ms hold 1 1 for 0ms", 1, "greater than 0"),
        ("0ms tap 1 1 extra", 1, "unexpected 'extra'"),
        ("rate fast", 1, "not a whole number"),
        ("0ms edge middle at 1 inward 2 in 1s", 1, "left, right, top or bottom"),
        ("0ms tap 1 1\n2444444444444444444444s tap 1 1", 2, "time out of range"),
        ("99999999999999999999us down 1 1 1", 1, "time out of range"),
        ("0ms hold 1 1 for 1e300s", 1, "duration out of range"),
    ])
    func errorsNameTheLineAndTheProblem(text: String, line: Int, fragment: String) {
        do {
            _ = try TouchScriptParser.parse(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains(fragment), "\(error)")
            #expect(error.description.hasPrefix("line \(line): "))
        }
    }

    /// Frames a controller can send, however odd: the parser keeps them as written and leaves what
    /// they mean to the tracker (docs/tracking.md).
    @Test(arguments: [
        ("8s report [2 up 51 50] [2 down 200 120]", [(2, ContactState.up, 51, 50), (2, .down, 200, 120)]),
        ("8s report [2 down 200 120] [2 up 51 50]", [(2, .down, 200, 120), (2, .up, 51, 50)]),
        ("8s report [5 down 60 60] [5 down 60 60]", [(5, .down, 60, 60), (5, .down, 60, 60)]),
        ("8s report [3 down 1 1] [3 move 1 1]", [(3, .down, 1, 1), (3, .move, 1, 1)]),
        ("8s report [4 up 1 1][4 up 1 1]", [(4, .up, 1, 1), (4, .up, 1, 1)]),
        ("8s report [0 down 0 0] [31 move 345 194]", [(0, .down, 0, 0), (31, .move, 345, 194)]),
    ] as [(String, [(UInt8, ContactState, Float, Float)])])
    func controllerReportsKeepEveryContactAsWritten(text: String, contacts: [(UInt8, ContactState, Float, Float)]) throws {
        let expected = contacts.map { ScriptContact(id: $0.0, state: $0.1, position: PanelPoint(x: $0.2, y: $0.3)) }
        #expect(try only(text).statement == .report(sequence: nil, contacts: expected))
    }

    @Test func aReportMayListTheWireLimitOfContactsWithOneId() throws {
        let text = "0ms report" + String(repeating: " [31 down 10 10]", count: TouchLimits.maxContacts)
        guard case .report(_, let contacts) = try only(text).statement else {
            Issue.record("not a report")
            return
        }
        #expect(contacts.count == TouchLimits.maxContacts)
        #expect(contacts.allSatisfy { $0.id == WireContact.maxId })
    }

    @Test func commentsAndBlankLinesAreIgnored() throws {
        let script = try TouchScriptParser.parse("# tour\n\n   \n0ms tap 1 2   # here\n")
        #expect(script.statements.count == 1)
        #expect(script.statements[0].line == 4)
    }
}
