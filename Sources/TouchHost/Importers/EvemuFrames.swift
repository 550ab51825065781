import TouchCore

/// An evemu recording's frames, made from its events as they are taken (`EvemuFrameDecoder`):
/// memory holds the events, a few bytes per line of the file, never the frames, whose contact
/// lists are far larger than the lines that make them (`E: 0 0 0 0` is a frame while a finger is
/// down). Taken twice, it makes the same frames twice.
public struct EvemuFrames: Sequence, Sendable {
    let events: [EvemuEvent]
    let scale: PositionScale
    let protocolKind: EvemuImporter.ProtocolKind

    func decoder() -> EvemuFrameDecoder {
        EvemuFrameDecoder(scale: scale, protocolKind: protocolKind, start: .firstReported(in: events))
    }

    public func makeIterator() -> Iterator { Iterator(events: events, decoder: decoder()) }

    public struct Iterator: IteratorProtocol {
        fileprivate let events: [EvemuEvent]
        fileprivate var decoder: EvemuFrameDecoder
        private var nextEvent = 0
        private var nextFrame = 0

        fileprivate init(events: [EvemuEvent], decoder: EvemuFrameDecoder) {
            self.events = events
            self.decoder = decoder
        }

        public mutating func next() -> ContactFrame? {
            while nextFrame >= decoder.frames.count {
                decoder.clearFrames()
                nextFrame = 0
                guard nextEvent < events.count else { return nil }
                decoder.consume(events[nextEvent])
                nextEvent += 1
            }
            defer { nextFrame += 1 }
            return decoder.frames[nextFrame]
        }
    }
}
