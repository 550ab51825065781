import Foundation
import SharedDataSupport
import Testing

/// The test-data helper never lets a data test pass on nothing.
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

    @Test func theDataIsInsideTheRepository() throws {
        // A clone alone runs every test: the data is the repository's own, never a folder beside it.
        #expect(SharedTestData.root == SharedTestData.packageRoot.appendingPathComponent("Tests/Data").standardizedFileURL)
        #expect(!SharedTestData.root.path.contains("/shared/"))
        #expect(!(try SharedTestData.files(in: "evemu", extensions: ["events", "event"])).isEmpty)
        #expect(!(try SharedTestData.files(in: "unistroke", extensions: ["xml"])).isEmpty)
    }

    @Test(arguments: ["evemu", "unistroke"])
    func everyDataSetCarriesItsProvenance(set: String) throws {
        let provenance = try SharedTestData.file(set + "/PROVENANCE.md")
        #expect(try String(contentsOf: provenance, encoding: .utf8).contains("Licence"))
    }

    @Test func theEvemuLicenceTravelsWithTheRecordings() throws {
        let licence = try String(contentsOf: try SharedTestData.file("evemu/LICENSE.evemu-devices"), encoding: .utf8)
        #expect(licence.contains("Permission is hereby granted"))
    }
}
