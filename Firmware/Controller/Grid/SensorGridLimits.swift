import TouchCore

/// The firmware's fixed buffer sizes. Every board must fit them (`BoardDefinition.isSupported`);
/// 120 columns keep a whole row within one heatmap slice (123 values); 96 x 56 nodes covers a 22-inch panel at a 5 mm pitch.
/// An MCU image built for one board (`-D SENSOR_GRID_KIOSK15`) sizes the node buffers for that
/// board alone: RAM is the scarce resource there, and the image never drives another board.
public enum SensorGridLimits {
    /// Must equal half the byte capacity of `NodeBuffer`.
    #if SENSOR_GRID_KIOSK15
    public static let maxNodes = 2691
    #else
    public static let maxNodes = 5376
    #endif
    public static let maxColumns = 120
    public static let maxRows = 80
}
