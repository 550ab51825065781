// swift-tools-version:6.1
import PackageDescription

// Layers (see docs/architecture.md): TouchCore is pure, fixed-allocation Swift shared by host and
// firmware; Firmware and Boards are Embedded-Swift clean; TouchHost owns the operating system;
// TouchHostC and the `touchhost` CLI are thin shells over TouchHost.
let package = Package(
    name: "touchhost",
    products: [
        .executable(name: "touchhost", targets: ["touchhost"]),
        .library(name: "TouchCore", targets: ["TouchCore"]),
        .library(name: "TouchHost", targets: ["TouchHost"]),
        // The C API as SwiftPM builds it, an archive of TouchHostC and every module under it, from which
        // scripts/build-libtouchhost links libtouchhost.so and libtouchhost.a (docs/c-api.md, "Build").
        .library(name: "TouchHostCArchive", type: .static, targets: ["TouchHostC"]),
        // The seeded generator the tests and the benchmarks (a package of their own) share.
        .library(name: "SeededRandom", targets: ["SeededRandom"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // No unsafe flags anywhere: SwiftPM refuses them in a package used by version. Cross-module
        // optimization, which let TouchHost specialize TouchCore's generic engine, is asked for on the
        // command line where the project builds for shipping (scripts/build-libtouchhost, the
        // benchmarks); docs/performance.md, "Cross-module optimization", has what it is worth.
        .target(
            name: "TouchCore",
            swiftSettings: [
                // `InlineList.elements`: a span whose life is the list's borrow (docs/performance.md).
                .enableExperimentalFeature("Lifetimes"),
                // `@_addressable` strokes and `@_addressableSelf` readers: a 4 KiB stroke read
                // where it lies instead of copied to the stack (Strokes/StrokeBuffer.swift).
                .enableExperimentalFeature("AddressableParameters"),
            ]),
        .target(name: "Firmware", dependencies: ["TouchCore"], path: "Firmware/Controller"),
        .target(name: "Boards", dependencies: ["Firmware"], path: "Boards/Catalog"),
        .systemLibrary(
            name: "CSerialPort",
            pkgConfig: "libserialport",
            providers: [.apt(["libserialport-dev"])]
        ),
        .target(name: "TouchHost", dependencies: ["TouchCore", "Firmware", "Boards", "CSerialPort"]),
        // touchhost.h as a module: the layout and constants TouchHostC reads (docs/c-api.md).
        .systemLibrary(name: "CTouchHostHeader"),
        .target(
            name: "TouchHostC",
            dependencies: ["TouchHost", "CTouchHostHeader"],
            exclude: ["touchhost.map", "touchhost.pc.in", "abi"]
        ),
        .executableTarget(
            name: "touchhost",
            dependencies: [
                "TouchHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Where the tests find Tests/Data (the recordings nobody here wrote): one helper for every test target.
        .target(name: "SharedDataSupport", path: "Tests/SharedDataSupport"),
        .target(name: "SeededRandom"),
        .testTarget(name: "TouchCoreTests", dependencies: ["TouchCore", "SharedDataSupport", "SeededRandom"]),
        .testTarget(name: "FirmwareTests", dependencies: ["Firmware", "Boards", "TouchCore", "SharedDataSupport"]),
        .testTarget(name: "TouchHostTests", dependencies: ["TouchHost", "TouchCore", "Boards", "SharedDataSupport", "SeededRandom"]),
    ]
)
