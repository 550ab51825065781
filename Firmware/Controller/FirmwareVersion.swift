import TouchCore

/// The firmware's version, reported in the device-info frame.
public enum FirmwareVersion {
    public static let major: UInt8 = 0
    public static let minor: UInt8 = 1
    public static let patch: UInt8 = 0
}
