import Foundation
import Testing

/// What a kiosk ships: the stripped release libtouchhost.so, built by the script kiosk makers run,
/// stays small and needs nothing beyond the system's C and C++ runtime and libserialport
/// (docs/c-api.md, "Size").
@Suite("CAPI size")
struct CAPISizeTests {
    /// The most the stripped release library may weigh: 8 MB, the limit (docs/c-api.md, "Size").
    static let budget = 8_000_000

    /// The shared libraries the library may need, and nothing else.
    static let allowedNeeds: Set<String> = [
        "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libserialport.so.0", "ld-linux-x86-64.so.2",
    ]

    /// Builds the release library once (`swift build -c release --target TouchHostC -Xswiftc -Osize`
    /// in .build/libtouchhost, then the link and strip). `--ignore-lock`: `swift test` may hold the debug build's lock while it runs.
    static let release: Result<String, CAPILibrary.Failure> = {
        let prefix = CAPILibrary.packageRoot.appendingPathComponent(".build/capi-release").path
        let script = CAPILibrary.source("scripts/build-libtouchhost")
        let result = CAPIProcess.run(script, ["--release", "--ignore-lock", "--no-man", prefix], timeout: 1_500)
        guard result.status == 0 else {
            return .failure(CAPILibrary.Failure(description: "build-libtouchhost --release failed (\(result.status)):\n\(result.output)"))
        }
        return .success(prefix + "/lib/libtouchhost.so")
    }()

    @Test(.timeLimit(.minutes(30)))
    func strippedReleaseLibraryStaysWithinItsBudget() throws {
        let library = try Self.release.get()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: library)[.size] as? Int)
        #expect(size > 0)
        #expect(size <= Self.budget, "libtouchhost.so is \(size) bytes stripped, over the \(Self.budget) byte budget")
        let sections = CAPIProcess.run("/usr/bin/env", ["readelf", "-S", "-W", library], timeout: 30)
        #expect(!sections.output.contains(".symtab"), "the release library is not stripped")
    }

    @Test(.timeLimit(.minutes(30)))
    func releaseLibraryNeedsOnlyTheSystemRuntimeAndLibserialport() throws {
        let library = try Self.release.get()
        let dynamic = CAPIProcess.run("/usr/bin/env", ["readelf", "-d", "-W", library], timeout: 30)
        #expect(dynamic.status == 0, "\(dynamic.output)")
        let needs = Set(dynamic.output.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        })
        #expect(needs.contains("libserialport.so.0"), "\(needs.sorted())")
        #expect(needs.isSubset(of: Self.allowedNeeds), "unexpected needs: \(needs.subtracting(Self.allowedNeeds).sorted())")
        // No Foundation, ICU or dispatch inside either: their symbols would be linked in statically.
        let symbols = CAPIProcess.run("/usr/bin/env", ["strings", "-a", library], timeout: 60)
        #expect(!symbols.output.contains("icudt"), "ICU data is linked in")
        #expect(!symbols.output.contains("10Foundation"), "Foundation is linked in")
    }
}
