/// Continuous: one finger that went down within `bandWidth` of an enabled panel edge and moved
/// `startDistance` inward (within 45 degrees of straight in). Reports the pan's translation and
/// velocity plus the edge. Fails at once for a touch that starts elsewhere.
public struct EdgePanRecognizer: GestureRecognizer, InPlaceHooks, Sendable {
    /// A mask of `ScreenEdge` raw values.
    public var edges: UInt8
    public var bandWidth: Float
    public var startDistance: Float

    private var motion = CentroidMotion()
    private var edge: ScreenEdge? = nil

    public static let allEdges: UInt8 =
        ScreenEdge.top.rawValue | ScreenEdge.left.rawValue | ScreenEdge.bottom.rawValue
        | ScreenEdge.right.rawValue

    public init(
        edges: UInt8 = EdgePanRecognizer.allEdges, bandWidth: Float = GestureDefaults.edgeBandWidth,
        startDistance: Float = GestureDefaults.touchSlop
    ) {
        self.edges = edges
        self.bandWidth = bandWidth
        self.startDistance = startDistance
    }

    public var kind: GestureKind { .edgePan }

    public var translation: PanelPoint { motion.translation }

    public mutating func setTranslation(_ value: PanelPoint) { motion.setTranslation(value) }

    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        HookTouches.with(touches) { began($0, context: &context) }
    }

    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        HookTouches.with(touches) { moved($0, context: &context) }
    }

    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        HookTouches.with(touches) { ended($0, context: &context) }
    }

    mutating func began(_ touches: HookTouches, context: inout RecognizerContext) {
        if edge != nil {
            if context.currentState.isActive {
                for i in touches.indices { context.ignore(touches[i]) }
            } else {
                context.state = .failed
            }
            return
        }
        guard touches.count == 1, let found = nearestEdge(touches[0].startPosition, context: context) else {
            context.state = .failed
            return
        }
        edge = found
        motion.update(context.touches, now: context.now)
    }

    mutating func moved(_ touches: HookTouches, context: inout RecognizerContext) {
        motion.update(context.touches, now: context.now)
        report(context: &context)
        if context.currentState.isActive {
            context.state = .changed
            return
        }
        let path = motion.translation
        guard path.length >= startDistance, let edge else { return }
        let inward: Float
        let along: Float
        switch edge {
        case .left: inward = path.x; along = path.y
        case .right: inward = -path.x; along = path.y
        case .top: inward = path.y; along = path.x
        case .bottom: inward = -path.y; along = path.x
        }
        context.state = inward > 0 && inward >= along.magnitude ? .began : .failed
    }

    mutating func ended(_ touches: HookTouches, context: inout RecognizerContext) {
        motion.update(context.touches, now: context.now)
        report(context: &context)
        context.state = context.currentState.isActive ? .ended : .failed
    }

    public mutating func reset() {
        motion = CentroidMotion()
        edge = nil
    }

    private func nearestEdge(_ point: PanelPoint, context: RecognizerContext) -> ScreenEdge? {
        var best: ScreenEdge? = nil
        var bestDistance = bandWidth
        func consider(_ candidate: ScreenEdge, _ distance: Float) {
            if edges & candidate.rawValue != 0 && distance <= bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        consider(.left, point.x)
        consider(.top, point.y)
        consider(.right, context.panelWidth - point.x)
        consider(.bottom, context.panelHeight - point.y)
        return best
    }

    private func report(context: inout RecognizerContext) {
        context.values.translation = motion.translation
        context.values.velocity = motion.velocity
        if let edge { context.values.edge = edge }
        context.reportedTouches = 1
    }
}
