// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so the main build and test suite never pay for them.
// Run: `cd Benchmarks && swift package benchmark` (see docs/performance.md).
// The mtdev comparison needs Debian's libmtdev-dev (scripts/setup installs it).
let package = Package(
    name: "touchhost-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "touchhost", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "CMtdevShim",
            path: "Sources/CMtdevShim",
            linkerSettings: [.linkedLibrary("mtdev")]
        ),
        .target(
            name: "PipelineFixtures",
            dependencies: [
                "CMtdevShim",
                .product(name: "TouchCore", package: "touchhost"),
                .product(name: "TouchHost", package: "touchhost"),
                .product(name: "SeededRandom", package: "touchhost"),
            ],
            path: "Sources/PipelineFixtures",
            // Float rounding lowers to libm's roundf, which an executable without Foundation does not pull in.
            linkerSettings: [.linkedLibrary("m")]
        ),
        .executableTarget(
            name: "IdentityComparison",
            dependencies: ["PipelineFixtures"],
            path: "Sources/IdentityComparison"
        ),
        .executableTarget(
            name: "ProfileLoop",
            dependencies: ["PipelineFixtures"],
            path: "Sources/ProfileLoop"
        ),
        .executableTarget(
            name: "PipelineBenchmarks",
            dependencies: [
                "PipelineFixtures",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TouchCore", package: "touchhost"),
                .product(name: "TouchHost", package: "touchhost"),
            ],
            path: "Benchmarks/PipelineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
