import TouchCore

// The stream's words for the core's enums (contracts.md section 3).

extension TouchPhase {
    public var jsonName: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

extension GestureKind {
    public var jsonName: String {
        switch self {
        case .tap: "tap"
        case .longPress: "long-press"
        case .pan: "pan"
        case .swipe: "swipe"
        case .pinch: "pinch"
        case .rotation: "rotation"
        case .edgePan: "edge-pan"
        case .checkmark: "checkmark"
        case .circle: "circle"
        case .backslash: "backslash"
        case .capture: "capture"
        case .template: "template"
        case .custom: "custom"
        }
    }
}

extension GestureActionState {
    public var jsonName: String {
        switch self {
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .recognized: "recognized"
        }
    }
}

extension SwipeDirection {
    public var jsonName: String {
        switch self {
        case .right: "right"
        case .left: "left"
        case .up: "up"
        case .down: "down"
        }
    }
}

extension ScreenEdge {
    public var jsonName: String {
        switch self {
        case .top: "top"
        case .left: "left"
        case .bottom: "bottom"
        case .right: "right"
        }
    }
}

extension StatusKind {
    public var jsonName: String {
        switch self {
        case .framesLost: "frames-lost"
        case .resync: "resync"
        case .deviceReset: "device-reset"
        case .disconnected: "disconnected"
        case .reconnected: "reconnected"
        case .overflow: "overflow"
        case .duplicateContact: "duplicate-contact"
        case .reportTimeout: "report-timeout"
        case .recalibrated: "recalibrated"
        case .rejected: "rejected"
        case .palmBegan, .palmEnded: "palm"
        }
    }
}
