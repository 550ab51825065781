import Firmware
import TouchCore

/// Collects what the controller writes to its link.
struct ByteCollector: ByteSink {
    var bytes: [UInt8] = []
    mutating func write(_ byte: UInt8) { bytes.append(byte) }
}

/// A controller on a link, driven the way the host emulator drives it: command bytes in,
/// `advance(to:output:)` out, and the host's own decoder reading the result.
struct LinkHarness {
    var controller: TouchController
    var decoder = FrameDecoder()
    var time: Microseconds = 0
    var nextRequest: UInt8 = 1

    init(board: BoardDefinition, seed: UInt64 = 11) {
        controller = TouchController(board: board, seed: seed)
    }

    mutating func send(_ command: HostCommand) -> UInt8 {
        let id = nextRequest
        nextRequest &+= 1
        var bytes = ByteCollector()
        FrameEncoder.encode(CommandFrame(requestId: id, command: command), to: &bytes)
        sendRaw(bytes.bytes)
        return id
    }

    mutating func sendRaw(_ bytes: [UInt8]) {
        for byte in bytes { controller.receive(byte) }
    }

    /// Advances device time and returns the messages decoded from what was sent meanwhile.
    mutating func advance(by microseconds: Microseconds) -> [DeviceMessage] {
        time += microseconds
        var output = ByteCollector()
        controller.advance(to: time, output: &output)
        return decode(output.bytes)
    }

    mutating func decode(_ bytes: [UInt8]) -> [DeviceMessage] {
        bytes.compactMap { byte in
            if case .device(let message)? = decoder.push(byte) { return message }
            return nil
        }
    }
}

extension DeviceMessage {
    var reply: CommandReply? { if case .reply(let r) = self { r } else { nil } }
    var info: DeviceInfo? { if case .info(let i) = self { i } else { nil } }
    var report: ContactReport? { if case .contacts(let c) = self { c } else { nil } }
    var slice: HeatmapSlice? { if case .heatmap(let h) = self { h } else { nil } }
    var status: DeviceStatus? { if case .status(let s) = self { s } else { nil } }
}
