import TouchCore

extension FirmwareVersion {
    /// The firmware's own version, reported in the device-info frame.
    public static let current = FirmwareVersion(major: 0, minor: 2, patch: 0)
}
