import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Files `replay` and `plot` read are untrusted: a value no file could mean is one line on standard
/// error naming the file and the line, and exit status 1; never a trap. Values that are odd but
/// meaningful (huge axis ranges, values at the ends of 64 bits) replay.
@Suite struct UntrustedFileTests {
    /// The one error line of a failed run, checked: status 1, one line, the file and line named,
    /// short, no control character.
    static func expectOneLineError(_ result: TouchHostBinary.Result, file: String, line: Int?, saying words: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        // Booleans first: a failure shows the first 300 characters, never a whole megabyte.
        let shown = String(result.error.prefix(300))
        #expect(result.status == 1, "status \(result.status): \(shown)", sourceLocation: sourceLocation)
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false)
        let oneLine = lines.count == 2 && lines[1].isEmpty
        #expect(oneLine, "\(shown)", sourceLocation: sourceLocation)
        let message = String(lines[0])
        let place = line.map { "touchhost: \(file):\($0): " } ?? "touchhost: \(file): "
        let named = message.hasPrefix(place), says = message.contains(words), short = message.count < file.count + 200
        let escaped = !message.unicodeScalars.contains { DisplayText.needsEscape($0) }
        #expect(named, "not at \(place): \(shown)", sourceLocation: sourceLocation)
        #expect(says, "not saying \(words.prefix(300)): \(shown)", sourceLocation: sourceLocation)
        #expect(short, "\(message.count) characters: \(shown)", sourceLocation: sourceLocation)
        #expect(escaped, "\(shown.debugDescription)", sourceLocation: sourceLocation)
        #expect(result.lines.isEmpty, "\(result.lines.prefix(3))", sourceLocation: sourceLocation)
    }

    // MARK: $1 unistroke logs

    static func unistroke(_ point: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <Gesture Name="check01" Subject="1" Speed="fast" Number="1" NumPts="3" Millseconds="30">
          <Point X="100" Y="200" T="5000" />
          \(point)
          <Point X="110" Y="180" T="5030" />
        </Gesture>

        """
    }

    @Test(arguments: [
        (#"<Point X="1e30" Y="200" T="5010" />"#, #"X="1e30" is not a position"#),
        (#"<Point X="100" Y="nan" T="5010" />"#, #"Y="nan" is not a position"#),
        (#"<Point X="-inf" Y="200" T="5010" />"#, #"X="-inf" is not a position"#),
        (#"<Point X="4e8" Y="200" T="5010" />"#, #"X="4e8" is not a position"#),
        (#"<Point X="100" Y="200" T="9300000000000000" />"#, "is out of range"),
        (#"<Point X="100" Y="200" T="-9223372036854775808" />"#, "goes back"),
        (#"<Point X="100" Y="200" T="99999999999999999999" />"#, "is out of range"),
        (#"<Point X="100" Y="200" T="4999" />"#, "goes back"),
        (#"<Point X="100" Y="200" T="\u{1B}[2J7777...(100 000 sevens)" />"#,
         #"T="\u{1B}[2J"# + String(repeating: "7", count: 31) + "\u{2026}\" is not whole milliseconds"),
    ])
    func aUnistrokePointNoPenCouldMakeIsOneLineNamingFileAndLine(point: String, words: String) throws {
        let sevens = "<Point X=\"100\" Y=\"200\" T=\"\u{1B}[2J" + String(repeating: "7", count: 100_000) + "\" />"
        let file = try CraftedFile.write(Self.unistroke(point.hasSuffix("sevens)\" />") ? sevens : point), name: "check01.xml")
        defer { CraftedFile.remove(file) }
        let binary = try TouchHostBinary.locate()
        for command in [["replay", file, "--json"], ["replay", file], ["plot", file, "-o", file + ".svg"]] {
            Self.expectOneLineError(try TouchHostBinary.run(binary, command, timeout: 30), file: file, line: 4, saying: words)
        }
    }

    @Test func aUnistrokeLogWithCRLFLineEndsReplaysAndNamesItsLinesRight() throws {
        let binary = try TouchHostBinary.locate()
        let good = Self.unistroke(#"<Point X="102" Y="204" T="5010" />"#)
        let lf = try CraftedFile.write(good, name: "lf.xml")
        let crlf = try CraftedFile.write(good.replacingOccurrences(of: "\n", with: "\r\n"), name: "crlf.xml")
        let bad = try CraftedFile.write(Self.unistroke(#"<Point X="nan" Y="204" T="5010" />"#).replacingOccurrences(of: "\n", with: "\r\n"), name: "bad.xml")
        defer { [lf, crlf, bad].forEach(CraftedFile.remove) }
        let expected = try TouchHostBinary.run(binary, ["replay", lf, "--json"], timeout: 30)
        let result = try TouchHostBinary.run(binary, ["replay", crlf, "--json"], timeout: 30)
        #expect(result.status == 0 && !expected.lines.isEmpty && result.lines == expected.lines, "\(result.error)")
        Self.expectOneLineError(try TouchHostBinary.run(binary, ["replay", bad], timeout: 30), file: bad, line: 4, saying: "X=\"nan\"")
    }

    // MARK: evemu

    static func evemu(axes: String, events: String) -> String {
        "N: Crafted Panel\n" + axes + "\n" + events + "\n"
    }

    static let tap = """
        E: 1.000000 0003 0039 5
        E: 1.000000 0003 0035 100
        E: 1.000000 0003 0036 200
        E: 1.000000 0000 0000 0
        E: 1.050000 0003 0039 -1
        E: 1.050000 0000 0000 0
        """

    static let axes = "A: 2f 0 9 0 0 0\nA: 39 0 65535 0 0 0"

    /// Odd but meaningful descriptions and values: they replay, and every position is a number.
    @Test(arguments: [
        ("axes spanning all of 64 bits", "A: 35 -9223372036854775808 9223372036854775807 0 0 0\nA: 36 -9223372036854775808 9223372036854775807 0 0 0", tap),
        ("x with resolution 1 over 2^63 units, y without", "A: 35 0 9223372036854775807 0 0 1\nA: 36 0 1000 0 0 0", tap),
        ("resolution Int.max", "A: 35 0 1000 0 0 9223372036854775807\nA: 36 0 1000 0 0 9223372036854775807", tap),
        ("negative resolution", "A: 35 0 1000 0 0 -5\nA: 36 0 1000 0 0 -5", tap),
        ("values at both ends of 64 bits", "A: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10", tap
            .replacingOccurrences(of: "0035 100", with: "0035 9223372036854775807")
            .replacingOccurrences(of: "0036 200", with: "0036 -9223372036854775808")),
        ("slot and tracking id at the ends of 64 bits", "A: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10", tap
            .replacingOccurrences(of: "E: 1.000000 0003 0039 5", with: "E: 1.000000 0003 002f -9223372036854775808\nE: 1.000000 0003 0039 9223372036854775807")),
    ])
    func anEvemuRecordingWithExtremeButMeaningfulNumbersReplays(_ name: String, axes: String, events: String) throws {
        let file = try CraftedFile.write(Self.evemu(axes: Self.axes + "\n" + axes, events: events), name: "crafted.events")
        defer { CraftedFile.remove(file) }
        let binary = try TouchHostBinary.locate()
        let result = try TouchHostBinary.run(binary, ["replay", file, "--json"], timeout: 30)
        #expect(result.status == 0, "\(name): \(result.error)")
        let touches = UntrustedDeviceTests.objects(result.lines).filter { $0["type"] as? String == "touch" }
        #expect(touches.compactMap { $0["phase"] as? String } == ["began", "ended"], "\(name): \(result.lines)")
        #expect(touches.allSatisfy { $0["x"] is Double && $0["y"] is Double }, "\(name): \(result.lines)")
        #expect(result.error.split(separator: "\n").count <= 1, "\(name): \(result.error)")
        let plot = try TouchHostBinary.run(binary, ["plot", file, "-o", file + ".svg"], timeout: 30)
        defer { CraftedFile.remove(file + ".svg") }
        #expect(plot.status == 0, "\(name): \(plot.error)")
    }

    @Test(arguments: [
        ("A: 35 1000 0 0 0 10\nA: 36 0 500 0 0 10", "axis ABS_MT_POSITION_X has minimum 1000 above its maximum 0"),
        ("A: 35 0 1000 0 0 10\nA: 36 9223372036854775807 -9223372036854775808 0 0 10", "axis ABS_MT_POSITION_Y has minimum"),
    ])
    func anEvemuAxisThatSpansNothingIsOneLineNamingTheAxis(axes: String, words: String) throws {
        let file = try CraftedFile.write(Self.evemu(axes: Self.axes + "\n" + axes, events: Self.tap), name: "crafted.events")
        defer { CraftedFile.remove(file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file], timeout: 30)
        Self.expectOneLineError(result, file: file, line: nil, saying: "Crafted Panel: " + words)
    }

    /// The last two were found by fuzzing (`replay-evemu`): a name of NULs quoted 80 characters
    /// long became 480 once escaped, and a character of many combining marks counted as one.
    @Test(arguments: [
        ("\u{1B}[31mRed\r" + String(repeating: "n", count: 100_000), #"\u{1B}[31mRed\u{D}"#),
        ("fuz" + String(repeating: "\u{0}", count: 66) + "0", #"fuz\u{0}\u{0}"#),
        ("e" + String(repeating: "\u{301}", count: 10_000), "\u{2026} has no x position axis"),
    ])
    func anEvemuDeviceNameIsQuotedEscapedAndCut(name: String, shown: String) throws {
        let text = "N: \(name)\nA: 2f 0 9 0 0 0\n" + Self.tap + "\n"
        let file = try CraftedFile.write(text, name: "noaxes.events")
        defer { CraftedFile.remove(file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file], timeout: 30)
        Self.expectOneLineError(result, file: file, line: nil, saying: shown)
        let cut = result.error.contains("\u{2026} has no x position axis")
        #expect(cut, "\(result.error.prefix(300))")
    }

    @Test(arguments: ["infx100", "100xinf", "1e39x10", "nanx5", "200000x100"])
    func aPanelSizeNoPanelCouldHaveIsBadUsage(size: String) throws {
        let file = try CraftedFile.write(Self.evemu(axes: Self.axes + "\nA: 35 0 1000 0 0 0\nA: 36 0 500 0 0 0", events: Self.tap), name: "nores.events")
        defer { CraftedFile.remove(file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file, "--size", size], timeout: 30)
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains("--size"), "\(result.error)")
    }

    @Test(arguments: ["inf", "nan", "1e39", "0"])
    func aPixelSizeThatIsNoSizeIsBadUsage(pxMM: String) throws {
        let file = try CraftedFile.write(Self.unistroke(#"<Point X="102" Y="204" T="5010" />"#), name: "check01.xml")
        defer { CraftedFile.remove(file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file, "--px-mm", pxMM], timeout: 30)
        #expect(result.status == 2, "\(result.error)")
    }

    // MARK: .threc recordings

    /// A recording of a tap: the device's info, then reports down, move, up.
    static var tapRecording: String {
        var messages: [DeviceMessage] = [.info(CAPIControllerInfo.fake)]
        for (index, state) in [ContactState.down, .move, .up].enumerated() {
            messages.append(.contacts(CAPIControllerInfo.report(
                [(1, state, PanelPoint(x: 100, y: 50))], sequence: UInt16(index), clock: 10_000 + UInt32(index) * 8_333,
                on: CAPIControllerInfo.fake)))
        }
        return CraftedFile.threcText(messages)
    }

    @Test func aRecordingWithCRLFLineEndsReplaysAsWithLF() throws {
        let binary = try TouchHostBinary.locate()
        let lf = try CraftedFile.write(Self.tapRecording, name: "lf.threc")
        let crlf = try CraftedFile.write("# written on Windows\r\n" + Self.tapRecording.replacingOccurrences(of: "\n", with: "\r\n"), name: "crlf.threc")
        defer { [lf, crlf].forEach(CraftedFile.remove) }
        let expected = try TouchHostBinary.run(binary, ["replay", lf, "--json"], timeout: 30)
        let result = try TouchHostBinary.run(binary, ["replay", crlf, "--json"], timeout: 30)
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        #expect(result.lines == expected.lines && expected.lines.count >= 2, "\(result.lines)")
    }

    /// Cut anywhere in its last line (a recorder killed mid-write), a recording replays what it
    /// holds whole and says once, on standard error, which line was cut. `keep` counts the last
    /// line's characters kept, from its end when negative: -1 keeps it all but its newline, and
    /// `25999 <` is 7 characters.
    @Test(arguments: [-1, -2, -3, -6, 8, 7, 6, 3])
    func aRecordingCutMidLineReplaysUpToTheCutAndWarns(keep: Int) throws {
        // The last line is the lift: cut inside its frame, the touch is cancelled at the end of the input instead.
        var lines = Self.tapRecording.split(separator: "\n").map(String.init)
        let last = lines.removeLast()
        lines.append(String(last.prefix(keep < 0 ? last.count + 1 + keep : keep)))
        let text = lines.joined(separator: "\n")
        let file = try CraftedFile.write(text, name: "cut.threc")
        defer { CraftedFile.remove(file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file, "--json"], timeout: 30)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "touchhost: warning: \(file): line \(lines.count) has no end of line: the recording was cut there; replayed up to the cut\n",
                "\(result.error)")
        let phases = result.lines.compactMap(TouchLine.init).map(\.phase)
        #expect(phases.first == "began" && ["ended", "cancelled"].contains(phases.last ?? ""), "\(result.lines)")
    }

    /// A bad last line of a recording, said short (`TOKEN x 1 000 000` stands for a million of it).
    struct BadLine: CustomTestStringConvertible, Sendable {
        var text: String
        var words: String
        var testDescription: String { text }

        var line: String {
            guard let range = text.range(of: #"\(([^)]*) x 1 000 000\)"#, options: .regularExpression) else { return text }
            let token = String(text[range].dropFirst().prefix { $0 != " " })
            return text.replacingCharacters(in: range, with: String(repeating: token, count: 1_000_000))
        }

        static let all: [BadLine] = [
            BadLine(text: "(9 x 1 000 000) < 00", words: "time '\(String(repeating: "9", count: 40))\u{2026}' is out of range"),
            BadLine(text: "12 < (zz x 1 000 000)", words: "'\(String(repeating: "z", count: 40))\u{2026}' is not hex bytes"),
            BadLine(text: "12 (< x 1 000 000) 00", words: "direction '\(String(repeating: "<", count: 40))\u{2026}' is neither"),
            BadLine(text: "12 < 00\r0a", words: #"'00\u{D}0a' is not hex bytes"#),
            BadLine(text: "\u{1B}[2J < 00", words: #"time '\u{1B}[2J' is not a whole number"#),
            BadLine(text: "-5 < 00", words: "time '-5' is not a whole number"),
            BadLine(text: "2305843009213693952 < 00", words: "time '2305843009213693952' is out of range"),
            BadLine(text: "1 < 00", words: "time 1 is before the previous line's 25999"),
            BadLine(text: "12 < 00 extra", words: "expected 'MICROSECONDS </> HEX', not '12 < 00 extra'"),
        ]
    }

    @Test(arguments: BadLine.all)
    func aBadRecordingLineIsOneShortEscapedLineNamingIt(_ bad: BadLine) throws {
        let file = try CraftedFile.write(Self.tapRecording + bad.line + "\n", name: "bad.threc")
        defer { CraftedFile.remove(file) }
        let lineNumber = Self.tapRecording.split(separator: "\n").count + 1
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file], timeout: 60)
        Self.expectOneLineError(result, file: file, line: nil, saying: "line \(lineNumber): " + bad.words)
    }

    /// A device file read as a recording never ends a line: it is refused after 1 MiB, not read into memory forever.
    @Test func aRecordingThatNeverEndsALineIsRefused() throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", "/dev/zero", "--format", "threc"], timeout: 60)
        Self.expectOneLineError(result, file: "/dev/zero", line: nil, saying: "line 1: longer than 1 MiB")
    }

    @Test func aRecordingWhoseHeaderIsNoHeaderQuotesItEscaped() throws {
        let file = try CraftedFile.write("threc 1\u{1B}[2J" + String(repeating: "x", count: 500_000) + "\n", name: "header.threc")
        defer { CraftedFile.remove(file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file], timeout: 30)
        Self.expectOneLineError(result, file: file, line: nil, saying: #"line 1: expected 'threc 1', not 'threc 1\u{1B}[2J"# + String(repeating: "x", count: 24) + "\u{2026}'")
    }
}
