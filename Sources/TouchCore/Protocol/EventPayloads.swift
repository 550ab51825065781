// Payload layouts of recognized gestures and tracked touches: what on-controller recognition
// sends up and what the bridge link sends downstream. Positions are Float millimetres, times
// Int64 microseconds, both exactly as TouchCore holds them, so a round trip changes nothing.

extension GestureEvent {
    /// Recognizer, kind, state, touches, timestamp, location.
    public static let headerLength = 20

    /// Only the values the kind reports (contracts.md section 3) are sent; a `custom` event sends them all.
    /// A pan changing at 120 Hz then costs 36 payload bytes, not 90.
    public func write(to frame: inout FrameBuffer) {
        frame.append(recognizer)
        frame.append(kind.rawValue)
        frame.append(state.rawValue)
        frame.append(touches)
        frame.append(timestamp)
        frame.append(location)
        switch kind {
        case .tap: frame.append(values.taps)
        case .longPress: frame.append(values.duration)
        case .pan:
            frame.append(values.translation)
            frame.append(values.velocity)
        case .swipe: frame.append(values.direction.rawValue)
        case .pinch:
            frame.append(values.scale)
            frame.append(values.scalarVelocity)
        case .rotation:
            frame.append(values.rotation)
            frame.append(values.scalarVelocity)
        case .edgePan:
            frame.append(values.edge.rawValue)
            frame.append(values.translation)
            frame.append(values.velocity)
        case .checkmark: frame.append(values.vertex)
        case .circle:
            frame.append(values.center)
            frame.append(values.radius)
        case .backslash: frame.append(values.length)
        case .capture: frame.append(values.samples)
        case .template:
            frame.append(values.templateIndex)
            frame.append(values.score)
        case .custom:
            frame.append(values.taps)
            frame.append(values.duration)
            frame.append(values.translation)
            frame.append(values.velocity)
            frame.append(values.scale)
            frame.append(values.scalarVelocity)
            frame.append(values.rotation)
            frame.append(values.direction.rawValue)
            frame.append(values.edge.rawValue)
            frame.append(values.vertex)
            frame.append(values.center)
            frame.append(values.radius)
            frame.append(values.length)
            frame.append(values.samples)
            frame.append(values.templateIndex)
            frame.append(values.score)
        }
    }

    /// Values the kind does not send keep their defaults (`GestureValues()`).
    public init?(reading reader: inout PayloadReader) {
        let recognizer = reader.readUInt8()
        let kind = reader.readEnum(GestureKind.custom)
        let state = reader.readEnum(GestureActionState.cancelled)
        let touches = reader.readUInt8()
        let timestamp = reader.readInt64()
        let location = reader.readPoint()
        var values = GestureValues()
        switch kind {
        case .tap: values.taps = reader.readUInt8()
        case .longPress: values.duration = reader.readInt64()
        case .pan:
            values.translation = reader.readPoint()
            values.velocity = reader.readPoint()
        case .swipe: values.direction = reader.readEnum(SwipeDirection.right)
        case .pinch:
            values.scale = reader.readFloat()
            values.scalarVelocity = reader.readFloat()
        case .rotation:
            values.rotation = reader.readFloat()
            values.scalarVelocity = reader.readFloat()
        case .edgePan:
            values.edge = reader.readEnum(ScreenEdge.left)
            values.translation = reader.readPoint()
            values.velocity = reader.readPoint()
        case .checkmark: values.vertex = reader.readPoint()
        case .circle:
            values.center = reader.readPoint()
            values.radius = reader.readFloat()
        case .backslash: values.length = reader.readFloat()
        case .capture: values.samples = reader.readUInt16()
        case .template:
            values.templateIndex = reader.readUInt8()
            values.score = reader.readFloat()
        case .custom:
            values.taps = reader.readUInt8()
            values.duration = reader.readInt64()
            values.translation = reader.readPoint()
            values.velocity = reader.readPoint()
            values.scale = reader.readFloat()
            values.scalarVelocity = reader.readFloat()
            values.rotation = reader.readFloat()
            values.direction = reader.readEnum(SwipeDirection.right)
            values.edge = reader.readEnum(ScreenEdge.left)
            values.vertex = reader.readPoint()
            values.center = reader.readPoint()
            values.radius = reader.readFloat()
            values.length = reader.readFloat()
            values.samples = reader.readUInt16()
            values.templateIndex = reader.readUInt8()
            values.score = reader.readFloat()
        }
        guard reader.isCompleteAndExact else { return nil }
        self.init(
            recognizer: recognizer, kind: kind, state: state, timestamp: timestamp, location: location,
            touches: touches, values: values)
    }
}

extension TouchEventRecord {
    public static let payloadLength = 40

    public func write(to frame: inout FrameBuffer) {
        frame.append(timestamp)
        frame.append(touch.trackingId)
        frame.append(touch.slot)
        frame.append(touch.phase.rawValue)
        frame.append(touch.amplitude)
        frame.append(touch.position)
        frame.append(touch.startPosition)
        frame.append(touch.startTime)
    }

    public init?(reading reader: inout PayloadReader) {
        let timestamp = reader.readInt64()
        let trackingId = reader.readUInt32()
        let slot = reader.readUInt8()
        let phase = reader.readEnum(TouchPhase.cancelled)
        let amplitude = reader.readUInt16()
        let position = reader.readPoint()
        let startPosition = reader.readPoint()
        let startTime = reader.readInt64()
        guard reader.isCompleteAndExact else { return nil }
        self.init(
            timestamp: timestamp,
            touch: TrackedTouch(
                trackingId: trackingId, slot: slot, phase: phase, position: position, startPosition: startPosition,
                startTime: startTime, amplitude: amplitude))
    }
}
