/// Everything a device (or the bridge, downstream) sends.
public enum DeviceMessage: Equatable, Sendable {
    case info(DeviceInfo)
    case contacts(ContactReport)
    case heatmap(HeatmapSlice)
    case gesture(GestureEvent)
    case touch(TouchEventRecord)
    case status(DeviceStatus)
    case reply(CommandReply)

    public var frameType: FrameType {
        switch self {
        case .info: .info
        case .contacts(let report): report.isShaped ? .shapedContacts : .contacts
        case .heatmap: .heatmap
        case .gesture: .gesture
        case .touch: .touch
        case .status: .status
        case .reply: .reply
        }
    }
}

/// One frame out of a `FrameDecoder`, in whichever direction it travelled.
public enum DecodedFrame: Equatable, Sendable {
    case device(DeviceMessage)
    case command(CommandFrame)
}
