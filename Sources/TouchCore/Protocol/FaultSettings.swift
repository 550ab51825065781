/// What the emulated controller should get wrong, for fault tests. Rates are per mille (0...1000)
/// per byte (byte loss, bit flips) or per report (the others); the seed makes a run reproducible.
public struct FaultSettings: Equatable, Sendable {
    public static let maxPerMille: UInt16 = 1000

    public var seed: UInt32
    /// Bytes dropped on the link.
    public var byteLoss: UInt16
    /// Bytes with one bit flipped on the link.
    public var bitFlips: UInt16
    /// Reports with a burst of noise on the panel (phantom contacts, jitter).
    public var noiseBursts: UInt16
    /// Lifts never reported: the contact vanishes without `up`.
    public var lostLifts: UInt16
    /// A new contact that reuses the id of one that just lifted without its `up`.
    public var idReuse: UInt16
    /// The same contact id twice in one report.
    public var duplicateContacts: UInt16
    /// One shot: the controller resets itself once.
    public var resetController: Bool
    /// One shot: the link goes away once (the emulator closes and reopens it).
    public var dropLink: Bool

    public init(
        seed: UInt32 = 0, byteLoss: UInt16 = 0, bitFlips: UInt16 = 0, noiseBursts: UInt16 = 0,
        lostLifts: UInt16 = 0, idReuse: UInt16 = 0, duplicateContacts: UInt16 = 0,
        resetController: Bool = false, dropLink: Bool = false
    ) {
        self.seed = seed
        self.byteLoss = byteLoss
        self.bitFlips = bitFlips
        self.noiseBursts = noiseBursts
        self.lostLifts = lostLifts
        self.idReuse = idReuse
        self.duplicateContacts = duplicateContacts
        self.resetController = resetController
        self.dropLink = dropLink
    }

    public static let none = FaultSettings()

    /// False when a rate exceeds 1000; a device refuses such settings with `invalidArgument`.
    public var isValid: Bool {
        byteLoss <= Self.maxPerMille && bitFlips <= Self.maxPerMille && noiseBursts <= Self.maxPerMille
            && lostLifts <= Self.maxPerMille && idReuse <= Self.maxPerMille && duplicateContacts <= Self.maxPerMille
    }
}
