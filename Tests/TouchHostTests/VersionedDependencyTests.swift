import Foundation
import Testing
import TouchHost

/// A Swift developer's first step: a package of their own that depends on TouchHost by version
/// (`from: "0.3.0"`), resolved through git tags as SwiftPM resolves any published package. CI clones
/// the repository without its tags, so the test clones this checkout's commit into a temporary folder
/// and tags that clone itself; nothing is tagged in the repository under test. SwiftPM refuses a
/// versioned dependency whose products carry unsafe build flags, so this also keeps them out.
@Suite(.serialized) struct VersionedDependencyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Runs a command to its end (output and errors together); a failure names the command and says what it printed.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL? = nil, timeout: TimeInterval = 1800) throws -> String {
        let result = CAPIProcess.run("/usr/bin/env", folder.map { ["-C", $0.path] + arguments } ?? arguments, timeout: timeout)
        guard result.status == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (\(result.status)):\n\(result.output.suffix(4000))")
        }
        return result.output
    }

    static let clientManifest = """
        // swift-tools-version:6.1
        import PackageDescription

        let package = Package(
            name: "client",
            dependencies: [.package(url: "URL", from: "0.3.0")],
            targets: [
                .executableTarget(name: "Client", dependencies: [.product(name: "TouchHost", package: "touchhost")]),
            ]
        )
        """

    static let clientMain = """
        import TouchHost

        let script = try TouchScriptParser.parse("0ms tap 120 80\\n")
        print("touchhost \\(TouchHostVersion.string), \\(script.statements.count) statement")
        """

    @Test(.timeLimit(.minutes(40)))
    func aClientPackageBuildsAgainstATaggedClone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchhost-client-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // The commit under test, in a clone of its own, tagged with this version.
        let commit = try Self.run(["git", "-C", Self.root.path, "rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let clone = folder.appendingPathComponent("touchhost")
        try Self.run(["git", "clone", "--quiet", "--no-checkout", Self.root.path, clone.path])
        try Self.run(["git", "-C", clone.path, "checkout", "--quiet", "--detach", commit])
        try Self.run(["git", "-C", clone.path, "tag", "-f", "v" + TouchHostVersion.string, commit])

        let client = folder.appendingPathComponent("client")
        try FileManager.default.createDirectory(at: client.appendingPathComponent("Sources/Client"), withIntermediateDirectories: true)
        try Self.clientManifest.replacingOccurrences(of: "URL", with: clone.absoluteURL.absoluteString)
            .write(to: client.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.clientMain.write(to: client.appendingPathComponent("Sources/Client/main.swift"), atomically: true, encoding: .utf8)

        try Self.run(["swift", "build", "--package-path", client.path])
        let output = try Self.run([client.appendingPathComponent(".build/debug/Client").path])
        #expect(output.contains("touchhost \(TouchHostVersion.string), 1 statement"), "\(output)")

        // What the client got: TouchHost at the tagged version. SwiftPM resolves (and pins) every
        // package a dependency declares, the CLI's argument parser too, whichever products the client
        // uses: a package cannot declare a dependency for one product only (docs/architecture.md,
        // "Using touchhost as a package"). What it builds is the client's products' modules alone.
        let resolved = try String(contentsOf: client.appendingPathComponent("Package.resolved"), encoding: .utf8)
        #expect(resolved.contains("\"version\" : \"\(TouchHostVersion.string)\""), "\(resolved)")
        // (SwiftPM plans a folder for every module of the graph; the compiled modules are in Modules/.)
        let modules = client.appendingPathComponent(".build/debug/Modules")
        #expect(FileManager.default.fileExists(atPath: modules.appendingPathComponent("TouchHost.swiftmodule").path))
        #expect(!FileManager.default.fileExists(atPath: modules.appendingPathComponent("ArgumentParser.swiftmodule").path),
            "the client built the CLI's argument parser")
    }
}
