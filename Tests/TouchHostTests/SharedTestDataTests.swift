import Foundation
import SharedDataSupport
import Testing

/// The shared-data helper never lets a data test pass on nothing.
@Suite struct SharedTestDataTests {
    @Test func aMissingFolderIsOneFailingCaseNotZeroCases() {
        let cases = SharedTestData.cases(in: "no-such-folder", extensions: ["events"])
        #expect(cases.count == 1)
        #expect(throws: MissingSharedData.self) { try cases[0].url() }
        #expect(throws: MissingSharedData.self) { try SharedTestData.files(in: "no-such-folder", extensions: ["events"]) }
        #expect(throws: MissingSharedData.self) { try SharedTestData.file("evemu/no-such-file.events") }
    }

    @Test func aFolderWithoutSuchFilesIsOneFailingCaseToo() {
        let cases = SharedTestData.cases(in: "evemu", extensions: ["no-such-extension"])
        #expect(cases.count == 1)
        #expect(throws: MissingSharedData.self) { try cases[0].url() }
    }

    @Test func theDataIsBesideThePackage() throws {
        #expect(SharedTestData.root.lastPathComponent == "data")
        // Compared with links resolved on both sides: `shared` may be a symbolic link beside the package.
        #expect(SharedTestData.root.deletingLastPathComponent().deletingLastPathComponent().resolvingSymlinksInPath()
            == SharedTestData.packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
                .resolvingSymlinksInPath().deletingLastPathComponent())
        #expect(!(try SharedTestData.files(in: "evemu", extensions: ["events", "event"])).isEmpty)
        #expect(!(try SharedTestData.files(in: "unistroke", extensions: ["xml"])).isEmpty)
    }
}
