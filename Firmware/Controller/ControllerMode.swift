import TouchCore

/// What the controller sends each scan.
public enum ControllerMode: UInt8, Sendable {
    /// Contact reports only: the normal mode.
    case contacts = 0
    /// Contact reports plus the delta grid, for heatmap views and host-side tuning.
    case heatmap = 1
    /// Scans keep the baseline current but nothing is reported.
    case idle = 2
}
