import Firmware

/// Every board touchhost knows, by name.
public enum BoardCatalog {
    public static let firmwareVersion = (FirmwareVersion.major, FirmwareVersion.minor, FirmwareVersion.patch)
}
