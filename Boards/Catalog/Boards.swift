import Firmware

/// The boards themselves; docs/boards.md explains where each number comes from.
public enum Boards {
    /// A 7-inch 16:9 panel for door stations and small control panels.
    public static let panel7 = BoardDefinition(
        name: "panel-7", panelWidth: 154, panelHeight: 86, columns: 32, rows: 18,
        maxContacts: 5, reportRate: 100, baud: 115_200,
        noiseCounts: 3, fingerAmplitude: 480, fingerDiameter: 9, baselineDriftRate: 0.5,
        idPolicy: .lowestFree)

    /// A 15.6-inch 16:9 kiosk: the default board.
    public static let kiosk15 = BoardDefinition(
        name: "kiosk-15", panelWidth: 345, panelHeight: 194, columns: 69, rows: 39,
        maxContacts: 10, reportRate: 120, baud: 921_600,
        noiseCounts: 4, fingerAmplitude: 400, fingerDiameter: 9, baselineDriftRate: 1,
        idPolicy: .lowestFree)

    /// A 21.5-inch 16:9 wall kiosk with thicker, vandal-resistant glass.
    public static let kiosk22 = BoardDefinition(
        name: "kiosk-22", panelWidth: 476, panelHeight: 268, columns: 95, rows: 54,
        maxContacts: 16, reportRate: 100, baud: 921_600,
        noiseCounts: 5, fingerAmplitude: 340, fingerDiameter: 9, baselineDriftRate: 1.5,
        idPolicy: .rotating)
}
