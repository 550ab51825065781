/// Follows a stroke while it is drawn and says as soon as it can no longer become the shape its
/// analyzer looks for, so a recognizer fails early and stops holding back others (a swipe waits for
/// the shapes, docs/gestures.md). It must never give up on a stroke the analyzer would accept at
/// the lift: it fails only on what no later movement can undo.
public protocol StrokeWatch: Sendable {
    /// The finger lands; the panel's size bounds how large a shape can be.
    mutating func begin(at point: PanelPoint, panelWidth: Float, panelHeight: Float)
    /// False once the stroke cannot be the shape any more.
    mutating func move(to point: PanelPoint) -> Bool
}

/// For shapes judged only at the lift.
public struct NoStrokeWatch: StrokeWatch {
    public init() {}
    public mutating func begin(at point: PanelPoint, panelWidth: Float, panelHeight: Float) {}
    public mutating func move(to point: PanelPoint) -> Bool { true }
}
