import TouchCore

/// The controller's settings at one scan, for a `ScanListener`.
public struct ScanContext {
    public let board: BoardDefinition
    public let mode: ReportMode
    public let reportRate: Int
    /// Resets since power-on: a change means the controller forgot its contacts.
    public let resets: UInt32
}

/// Sees every scheduled scan after its reports are written, and may write frames of its own.
/// Generic, so a controller without one (`NoScanListener`) carries no code or storage for it.
public protocol ScanListener: ~Copyable {
    mutating func scanned<S: ByteSink>(_ result: ScanResult, context: ScanContext, to output: inout S)
}

public struct NoScanListener: ScanListener {
    public init() {}
    public mutating func scanned<S: ByteSink>(_ result: ScanResult, context: ScanContext, to output: inout S) {}
}
