/// What an engine needs to know before its first frame.
public struct GestureEngineConfiguration: Sendable {
    /// Panel size in mm: the root region, and the edges edge pans start from.
    public var panelWidth: Float
    public var panelHeight: Float

    public init(panelWidth: Float = 345, panelHeight: Float = 194) {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
    }
}
