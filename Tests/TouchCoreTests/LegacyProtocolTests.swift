import Testing
import TouchCore

@Suite struct LegacyProtocolTests {
    @Test(arguments: LegacyProtocol.allCases)
    func everyProtocolIsFoundByItsOwnNameInAnyCase(kind: LegacyProtocol) {
        let name = "\(kind.name)"
        #expect(LegacyProtocol(name: name) == kind)
        #expect(LegacyProtocol(name: name.uppercased()) == kind)
    }

    @Test(arguments: [("elotouch", LegacyProtocol.elo), ("MicroTouch", .mtouch), ("pm6250", .penmount6250),
                      ("eeti", .egalax)])
    func inputattachStyleAliasesAreAccepted(name: String, kind: LegacyProtocol) {
        #expect(LegacyProtocol(name: name) == kind)
    }

    @Test(arguments: ["", "el", "elox", "penmount", "touchhost"])
    func unknownNamesAreRefused(name: String) {
        #expect(LegacyProtocol(name: name) == nil)
    }

    @Test func onlyPenMountIsMultiTouch() {
        #expect(LegacyProtocol.allCases.filter(\.isMultiTouch) == [.penmount6250])
        #expect(LegacyProtocol.allCases.count == LegacyProtocol.count)
    }
}
