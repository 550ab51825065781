import TouchCore

/// The firmware's fixed buffer sizes. Every board must fit them (`BoardDefinition.isSupported`);
/// 120 columns keep a whole row within one heatmap slice (123 values); 96 x 56 nodes covers a 22-inch panel at a 5 mm pitch and keeps the scan buffers near 32 KB.
public enum SensorGridLimits {
    /// Must equal the InlineArray sizes in `CountGrid` and `BaselineTracker`.
    public static let maxNodes = 5376
    public static let maxColumns = 120
    public static let maxRows = 80
}
