import Boards
import Firmware
import Testing
import TouchCore

/// Idle acquisition on the wire, in virtual time: the controller driven as the emulator and the
/// board drive it (command bytes in, `advance(to:output:)` out, the host's decoder reading it).
@Suite struct IdleAcquisitionTests {
    static let board = Boards.kiosk15
    static var idle: IdleAcquisition { board.idle }
    static var period: Microseconds { Microseconds(1_000_000 / board.reportRate) }

    /// A controller asked to idle, with its reply and info read off; `time` is where it stands.
    static func idlingLink() -> LinkHarness {
        var link = LinkHarness(board: board)
        _ = link.advance(by: 0)
        let id = link.send(.setIdleAcquisition(true))
        let answer = link.advance(by: 1)
        #expect(answer.compactMap(\.reply) == [CommandReply(requestId: id, command: .setIdleAcquisition, result: .accepted)])
        #expect(answer.compactMap(\.info).map(\.idle) == [idle])
        return link
    }

    /// The reports sent in `span` from now, one `advance` per millisecond as the emulator's loop does.
    static func reports(_ link: inout LinkHarness, for span: Microseconds) -> [ContactReport] {
        var reports: [ContactReport] = []
        for _ in 0..<(span / 1_000) { reports += link.advance(by: 1_000).compactMap(\.report) }
        return reports
    }

    static func gaps(_ reports: [ContactReport]) -> [Microseconds] {
        zip(reports.dropFirst(), reports).map { Microseconds($0.timestamp) - Microseconds($1.timestamp) }
    }

    @Test func aControllerNobodyAskedToIdleReportsAtFullRateAndSaysItCould() {
        var link = LinkHarness(board: Self.board)
        let first = link.advance(by: 0)
        #expect(first.compactMap(\.info).first?.idle == nil)
        #expect(first.compactMap(\.info).first?.supportedModes.contains(.idles) == true)
        let reports = Self.reports(&link, for: 5_000_000)
        #expect(reports.count >= 5 * Self.board.reportRate)
        #expect(Self.gaps(reports).allSatisfy { $0 <= Self.period + 1 })
    }

    @Test func anUntouchedPanelIdlesAfterTheTimeoutWithReportsAnIntervalApartAndNoSequenceGap() {
        var link = Self.idlingLink()
        let reports = Self.reports(&link, for: 10_000_000)
        let idleFrom = reports.firstIndex { Microseconds($0.timestamp) >= Self.idle.activeTimeoutMicroseconds + 1_000 }!
        let active = Array(reports[..<idleFrom])
        let idling = Array(reports[idleFrom...])
        #expect(Self.gaps(active).allSatisfy { $0 <= Self.period + 1 })
        #expect(Self.gaps(idling).allSatisfy { $0 == Self.idle.reportIntervalMicroseconds }, "\(Self.gaps(idling))")
        // About four reports a second instead of 120, numbered without a gap: nothing was lost.
        #expect(idling.count <= 8 * 1_000 / Int(Self.idle.reportInterval) + 1)
        let sequences = reports.map(\.sequence)
        #expect(zip(sequences.dropFirst(), sequences).allSatisfy { $0 == $1 &+ 1 })
        #expect(link.controller.idle.isIdling)
    }

    /// A 60 ms tap, the shortest a script makes, at every phase against the idle scans: the scan
    /// that first sees it is reported at once, full rate resumes, and the touch arrives whole.
    @Test(arguments: Array(stride(from: Microseconds(0), to: 40_000, by: 5_000)))
    func aTapDuringIdlingWakesTheControllerAndArrivesWhole(phase: Microseconds) throws {
        var link = Self.idlingLink()
        _ = Self.reports(&link, for: 4_000_000)
        #expect(link.controller.idle.isIdling)
        _ = link.advance(by: phase)
        let downAt = link.time
        link.controller.apply(FingerStimulus(finger: 1, action: .down, position: PanelPoint(x: 150, y: 100)))
        var reports = Self.reports(&link, for: 60_000)
        link.controller.apply(FingerStimulus(finger: 1, action: .up, position: PanelPoint(x: 150, y: 100)))
        reports += Self.reports(&link, for: 500_000)
        let states = reports.flatMap { report in report.contacts.indices.map { report.contacts[$0].state } }
        #expect(states.first == .down && states.last == .up, "\(states)")
        #expect(states.filter { $0 == .down }.count == 1 && states.filter { $0 == .up }.count == 1)
        // Seen by the first idle scan after the finger went down, confirmed one full-rate period later.
        let began = try #require(reports.first { !$0.contacts.isEmpty })
        #expect(Microseconds(began.timestamp) - downAt <= Self.idle.scanIntervalMicroseconds + Self.period + 1)
        #expect(!link.controller.idle.isIdling)
        let afterWake = reports.filter { Microseconds($0.timestamp) >= Microseconds(began.timestamp) }
        #expect(Self.gaps(afterWake).allSatisfy { $0 <= Self.period + 1 }, "\(Self.gaps(afterWake))")
    }

    @Test func aResetForgetsTheRequestAndSwitchingItOffRestoresFullRate() {
        var link = Self.idlingLink()
        _ = Self.reports(&link, for: 3_000_000)
        #expect(link.controller.idle.isIdling)
        _ = link.send(.reset)
        let afterReset = link.advance(by: 1_000)
        #expect(afterReset.compactMap(\.info).map(\.idle) == [nil])
        #expect(Self.gaps(Self.reports(&link, for: 3_000_000)).allSatisfy { $0 <= Self.period + 1 })

        var off = Self.idlingLink()
        _ = Self.reports(&off, for: 3_000_000)
        _ = off.send(.setIdleAcquisition(false))
        let answer = off.advance(by: 1_000)
        #expect(answer.compactMap(\.info).map(\.idle) == [nil])
        let reports = Self.reports(&off, for: 1_000_000)
        // The idle scan already due comes first; full rate from it on.
        #expect(Self.gaps(Array(reports.dropFirst())).allSatisfy { $0 <= Self.period + 1 })
        #expect(reports.count >= Self.board.reportRate - 1)
    }
}
