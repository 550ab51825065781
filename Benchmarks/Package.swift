// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so the main build and test suite never pay for them.
// Run: `cd Benchmarks && swift package benchmark` (see docs/performance.md).
let package = Package(
    name: "touchhost-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "touchhost", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "PipelineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TouchCore", package: "touchhost"),
                .product(name: "TouchHost", package: "touchhost"),
            ],
            path: "Benchmarks/PipelineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
