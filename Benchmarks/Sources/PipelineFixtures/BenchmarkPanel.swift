import TouchCore

/// The panel every benchmark stream is drawn on: the emulated 345 x 194 mm kiosk screen at 120 Hz,
/// with the wire protocol's 12-bit device coordinates.
public enum BenchmarkPanel {
    public static let info = DeviceInfo(
        firmwareVersion: FirmwareVersion(major: 1, minor: 0, patch: 0), boardName: BoardName("bench"),
        panelWidth: 3450, panelHeight: 1940, maxX: 4095, maxY: 2303, columns: 32, rows: 18,
        maxContacts: 20, reportRate: 120, supportedModes: .contacts)
    public static let size = PanelPoint(x: 345, y: 194)
    public static let reportInterval: Microseconds = 8_333
}
