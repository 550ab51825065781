/// An area of the panel that touches belong to, like a view that hit-testing finds: a touch belongs
/// to the top-most region containing the point where it went down, for its whole life.
public struct RegionIndex: Equatable, Hashable, Sendable {
    public var rawValue: UInt8
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
    /// The whole panel: under every other region, and the parent of all of them.
    public static let root = RegionIndex(0)
}

/// A rectangle in panel millimetres.
public struct PanelRect: Equatable, Sendable {
    public var origin: PanelPoint
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.origin = PanelPoint(x: x, y: y)
        self.width = width
        self.height = height
    }

    public func contains(_ point: PanelPoint) -> Bool {
        point.x >= origin.x && point.y >= origin.y
            && point.x < origin.x + width && point.y < origin.y + height
    }
}

struct GestureRegion: Sendable {
    var rect: PanelRect
    /// Higher is on top; among equals the region added later is on top.
    var z: Int

    static let placeholder = GestureRegion(rect: PanelRect(x: 0, y: 0, width: 0, height: 0), z: 0)

    /// The whole panel, below every region an application adds.
    static func root(of configuration: GestureEngineConfiguration) -> GestureRegion {
        GestureRegion(rect: PanelRect(x: 0, y: 0, width: configuration.panelWidth, height: configuration.panelHeight), z: Int.min)
    }
}

typealias RegionList = InlineList<16, GestureRegion>

extension RegionList {
    /// The list of a new engine: the root region alone.
    init(root configuration: GestureEngineConfiguration) {
        self.init(filler: .placeholder)
        append(GestureRegion.root(of: configuration))
    }

    /// The top-most region containing `point`, else the root.
    func hitTest(_ point: PanelPoint) -> RegionIndex {
        var best = RegionIndex.root
        var bestZ = Int.min
        var i = 1
        while i < count {
            if self[i].rect.contains(point) && self[i].z >= bestZ {
                best = RegionIndex(UInt8(i))
                bestZ = self[i].z
            }
            i += 1
        }
        return best
    }
}
