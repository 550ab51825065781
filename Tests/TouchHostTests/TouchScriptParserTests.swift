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

    /// A script is untrusted input: a value no panel or controller could mean, or one whose replay
    /// would never end, is an error naming the line, never a trap, a hang or a huge expansion.
    @Test(arguments: [
        ("rate 2000000\n0ms tap 1 1", 1, "report rate 2000000 is not in 1...1000 reports per second"),
        ("rate 1001", 1, "report rate 1001 is not in 1...1000"),
        ("rate 0", 1, "report rate must be greater than 0"),
        ("rate 99999999999999999999", 1, "report rate '99999999999999999999' is not a whole number"),
        ("0ms hold 100 100 for 100000s", 1, "duration out of range: '100000s' (a script spans at most 24 h)"),
        ("0ms drag from 0 0 to 1 1 in 86400001ms", 1, "duration out of range: '86400001ms'"),
        ("86400.000001s cancel", 1, "time out of range: '86400.000001s'"),
        ("1e400s cancel", 1, "time out of range: '1e400s'"),
        ("nans cancel", 1, "time 'nans' is not a time like 250ms or 1.5s"),
        ("infms cancel", 1, "time 'infms' is not a time"),
        ("0x10ms cancel", 1, "time '0x10ms' is not a time"),
        ("-1ms cancel", 1, "time '-1ms' is not a time"),
        ("0ms tap 1 1\n86000s hold 1 1 for 401s", 2, "this statement ends after 24 h, the longest a script may run"),
        ("0ms tap 1 1\n86399.95s tap 1 1", 2, "this statement ends after 24 h"),
        ("0ms down 1 1e30 10", 1, "x '1e30' is out of range (-10000...10000)"),
        ("0ms down 1 10 -1e30", 1, "y '-1e30' is out of range (-10000...10000)"),
        ("0ms down 1 10001 10", 1, "x '10001' is out of range"),
        ("0ms tap 1e400 1", 1, "x '1e400' is out of range"),
        ("0ms tap nan 1", 1, "x 'nan' is not a number"),
        ("0ms tap inf 1", 1, "x 'inf' is not a number"),
        ("0ms tap 1\u{0}99 1", 1, "x '1\\u{0}99' is not a number"),
        ("panel 1e30 100", 1, "panel width '1e30' is out of range"),
        ("0ms tap 1 1 fingers 2 spread 1e30", 1, "spread '1e30' is out of range"),
        ("0ms tap 1 1 fingers 21", 1, "at most 20 fingers"),
        ("0ms pinch at 1 1 from 1e30 to 2 in 1s", 1, "start distance '1e30' is out of range"),
        ("0ms rotate at 1 1 radius 1e30 by 90 in 1s", 1, "radius '1e30' is out of range"),
        ("0ms rotate at 1 1 radius 10 by 1e9 in 1s", 1, "angle '1e9' is out of range (-3600...3600)"),
        ("0ms edge left at 1e30 inward 10 in 1s", 1, "edge position '1e30' is out of range"),
        ("0ms edge left at 10 inward 1e30 in 1s", 1, "inward distance '1e30' is out of range"),
        ("0ms report seq 65536 [1 down 1 1]", 1, "sequence number 65536 is not in 0...65535 (the wire protocol's 16 bits)"),
        ("0ms report seq -1", 1, "sequence number -1 is not in 0...65535"),
        ("0ms report [1 down 1e30 1]", 1, "x '1e30' is out of range"),
        ("0ms report" + String(repeating: " [1 down 1 1]", count: 21), 1, "a report lists at most 20 contacts, as a frame on the wire does"),
        ("0ms path" + String(repeating: " 1 1,", count: 10_001) + " in 1s", 1, "a path has at most 10000 points"),
    ])
    func valuesBeyondTheLimitsAreErrorsNamingTheLine(text: String, line: Int, fragment: String) {
        do {
            _ = try TouchScriptParser.parse(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains(fragment), "\(error)")
        }
    }

    @Test(arguments: [
        ("rate 1000\n0ms tap 1 1", "rate 1000"),
        ("rate 1\n0ms tap 1 1", "rate 1"),
        ("0ms hold 1 1 for 86400s", "a gesture reaching 24 h"),
        ("86400s cancel", "a statement at 24 h"),
        ("0ms down 1 -10000 10000", "the far corners"),
        ("0ms report seq 65535" + String(repeating: " [1 down 1 1]", count: 20), "the wire's most"),
        ("0ms path" + String(repeating: " 1 1,", count: 10_000) + " in 1s", "the longest path"),
        ("0ms rotate at 1 1 radius 10 by -3600 in 1s", "ten turns back"),
    ])
    func valuesAtTheLimitsAreAccepted(text: String, what: String) throws {
        #expect(try TouchScriptParser.parse(text).statements.count == 1, "\(what)")
    }

    @Test(arguments: [
        (String(repeating: "x", count: 100_000) + " cancel", "time 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' is not a time"),
        ("0ms " + String(repeating: "é", count: 41), "unknown statement '" + String(repeating: "é", count: 40) + "…'"),
        ("0ms " + String(repeating: "é", count: 40), "unknown statement '" + String(repeating: "é", count: 40) + "'"),
        ("0ms tap\u{1B}[31m 1 1", "unknown statement 'tap\\u{1B}'"),
        ("0ms \u{202E}pat 1 1", "unknown statement '\\u{202E}pat'"),
        ("0ms tap 1\u{0} 1", "x '1\\u{0}' is not a number"),
        ("0ms tap 1 1\u{85}", "y '1\\u{85}' is not a number"),
        ("0ms tap 1 1 \u{7F}", "unexpected '\\u{7F}'"),
        ("9ms tap 1 1\n8ms\u{8}\u{8}\u{8}9ms tap 1 1", "time '8ms\\u{8}\\u{8}\\u{8}9ms' is not a time"),
    ])
    func errorMessagesCutLongWordsAndEscapeControlCharacters(text: String, expected: String) {
        do {
            _ = try TouchScriptParser.parse(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasSuffix(expected) || error.message.contains(expected), "\(error)")
            #expect(error.description.count < 200)
            #expect(!error.description.unicodeScalars.contains {
                [.control, .format].contains($0.properties.generalCategory)
            })
        }
    }

    @Test(arguments: ["\r\n", "\n", "\r\r\n"])
    func lineEndsMayCarryCarriageReturns(end: String) throws {
        let lines = ["\u{FEFF}panel 300 200", "rate 90", "# a comment", "", "0ms down 1 10 20", "16ms move 1 11 20", "8s report [3 down 1 1]"]
        let script = try TouchScriptParser.parse(lines.joined(separator: end) + end)
        #expect(script.panelSize == PanelSize(width: 300, height: 200))
        #expect(script.reportRate == 90)
        #expect(script.statements.map(\.line) == [5, 6, 7])
        #expect(script.statements.last?.statement == .report(sequence: nil, contacts: [ScriptContact(id: 3, state: .down, position: PanelPoint(x: 1, y: 1))]))
    }

    @Test func anErrorInACRLFScriptNamesItsLineAndHoldsNoCarriageReturn() {
        do {
            _ = try TouchScriptParser.parse("0ms tap 1 1\r\n5ms wiggle\r\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "line 2: unknown statement 'wiggle'")
        }
    }

    @Test func commentsAndBlankLinesAreIgnored() throws {
        let script = try TouchScriptParser.parse("# tour\n\n   \n0ms tap 1 2   # here\n")
        #expect(script.statements.count == 1)
        #expect(script.statements[0].line == 4)
    }
}
