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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // TouchCore's engine is generic over the custom recognizer type, and TouchHost runs it with its
        // own (`HostRecognizer`): without its bodies in the module interface, every frame of the CLI
        // and the C library ran the engine unspecialized (metadata lookups, value-witness copies).
        // Cross-module optimization lets TouchHost specialize it: 23 -> 15 µs a report with ten
        // contacts and the kiosk set (docs/performance.md, "product pipeline").
        .target(
            name: "TouchCore",
            swiftSettings: [
                .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
                // `InlineList.elements`: a span whose life is the list's borrow (docs/performance.md).
                .enableExperimentalFeature("Lifetimes"),
            ]),
        .target(name: "Firmware", dependencies: ["TouchCore"], path: "Firmware/Controller"),
        .target(name: "Boards", dependencies: ["Firmware"], path: "Boards/Catalog"),
        .systemLibrary(
            name: "CSerialPort",
            pkgConfig: "libserialport",
            providers: [.apt(["libserialport-dev"])]
        ),
        .target(name: "TouchHost", dependencies: ["TouchCore", "Firmware", "Boards", "CSerialPort"]),
        .target(
            name: "TouchHostC",
            dependencies: ["TouchHost"],
            exclude: ["touchhost.map", "touchhost.pc.in"]
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
        .testTarget(name: "TouchCoreTests", dependencies: ["TouchCore", "SharedDataSupport"]),
        .testTarget(name: "FirmwareTests", dependencies: ["Firmware", "Boards", "TouchCore", "SharedDataSupport"]),
        .testTarget(name: "TouchHostTests", dependencies: ["TouchHost", "TouchCore", "Boards", "SharedDataSupport"]),
    ]
)
