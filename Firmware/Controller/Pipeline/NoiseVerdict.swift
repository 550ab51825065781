/// What the noise gate makes of one scan: thresholds for the peak detector and the debouncer, and
/// whether the scan is noisy (the baseline holds, contacts coast, nothing new is confirmed).
public struct NoiseVerdict: Sendable {
    public var isNoisy = false
    /// Peaks below this are not looked at: the tracker's touch-off level, raised while noisy.
    public var peakThreshold: Int16
    /// A new touch needs a peak this strong.
    public var touchOnThreshold: Int16

    /// A quiet scan with the settings' own thresholds.
    public init(settings: ScanSettings) {
        peakThreshold = settings.touchOffThreshold
        touchOnThreshold = settings.touchOnThreshold
    }
}
