import SeededRandom
import Testing
import TouchCore

private let allProtocols = LegacyProtocol.allCases

@Suite struct LegacyDecoderTests {
    @Test(arguments: allProtocols, [true, false])
    func touchPacketDecodesToItsCoordinatesAndTouchState(kind: LegacyProtocol, touching: Bool) {
        var decoder = LegacyDecoder(protocol: kind)
        let samples = decoder.samples(LegacyPackets.touch(kind, touching: touching, x: 1234, y: 987), at: 42)
        #expect(samples == [LegacySample(contactIndex: kind.isMultiTouch ? 0 : nil, isTouching: touching,
                                         x: 1234, y: 987, timestamp: 42)])
        #expect(decoder.stats.samples == 1 && decoder.stats.skippedBytes == 0)
    }

    @Test func eloCarriesPressureOnlyWhenItsStatusSaysSo() {
        var decoder = LegacyDecoder(protocol: .elo)
        let bytes = LegacyPackets.elo(touching: true, x: 4000, y: 96, pressure: 0x1A2)
            + LegacyPackets.elo(touching: true, x: 4000, y: 96)
        let samples = decoder.samples(bytes)
        #expect(samples.map(\.pressure) == [0x1A2, 0])
        #expect(samples.map(\.x) == [4000, 4000])
    }

    @Test func microTouchUsesTheFullFourteenBitsOfBothAxes() {
        var decoder = LegacyDecoder(protocol: .mtouch)
        let samples = decoder.samples(LegacyPackets.mtouch(touching: true, x: 0x3FFF, y: 0x2081))
        #expect(samples.map(\.x) == [0x3FFF])
        #expect(samples.map(\.y) == [0x2081])
    }

    @Test(arguments: 11...14)
    func eGalaxScalesEveryResolutionToFourteenBits(bits: Int) {
        let top = UInt16(1) << UInt16(bits) - 1
        var decoder = LegacyDecoder(protocol: .egalax)
        let samples = decoder.samples(LegacyPackets.egalax(touching: true, x: top, y: top / 3, bits: bits))
        let scale = UInt16(1) << UInt16(14 - bits)
        #expect(samples.map(\.x) == [top * scale])
        #expect(samples.map(\.y) == [top / 3 * scale])
    }

    @Test func eGalaxPressureFlagAddsASixthByte() {
        var decoder = LegacyDecoder(protocol: .egalax)
        let bytes = LegacyPackets.egalax(touching: true, x: 100, y: 200, pressure: 0x33)
            + LegacyPackets.egalax(touching: false, x: 100, y: 200)
        let samples = decoder.samples(bytes)
        #expect(samples.map(\.pressure) == [0x33, 0])
        #expect(samples.map(\.isTouching) == [true, false])
        #expect(decoder.stats.skippedBytes == 0)
    }

    @Test(arguments: [UInt8(0), 5, 11, 15])
    func penMountReportsTheContactIndexOfItsHeader(index: UInt8) {
        var decoder = LegacyDecoder(protocol: .penmount6250)
        let samples = decoder.samples(LegacyPackets.penmount(index: index, touching: true, x: 1023, y: 512))
        #expect(samples.map(\.contactIndex) == [index])
    }

    @Test func penMountInterleavedContactsComeOutAsTwoContacts() {
        var decoder = LegacyDecoder(protocol: .penmount6250)
        var bytes: [UInt8] = []
        for step in UInt16(0)..<4 {
            bytes += LegacyPackets.penmount(index: 0, touching: true, x: 100 + step, y: 200)
            bytes += LegacyPackets.penmount(index: 1, touching: true, x: 700, y: 300 + step)
        }
        bytes += LegacyPackets.penmount(index: 1, touching: false, x: 700, y: 303)
        let samples = decoder.samples(bytes)
        #expect(samples.count == 9)
        #expect(samples.filter { $0.contactIndex == 0 }.map(\.x) == [100, 101, 102, 103])
        #expect(samples.filter { $0.contactIndex == 1 }.map(\.y) == [300, 301, 302, 303, 303])
        #expect(samples.last?.isTouching == false)
    }

    @Test(arguments: allProtocols)
    func oneByteAtATimeAllAtOnceAndRandomChunksGiveTheSameSamples(kind: LegacyProtocol) {
        var stream: [UInt8] = [0x00, 0x13]
        for step in UInt16(0)..<12 {
            stream += LegacyPackets.touch(kind, x: 300 + 17 * step, y: 900 - 5 * step)
            if step == 5 { stream += [0x22, 0x0F] }
        }
        stream += LegacyPackets.touch(kind, touching: false, x: 500, y: 845)

        var byByte = LegacyDecoder(protocol: kind)
        var oneAtATime: [LegacySample] = []
        for byte in stream {
            if let sample = byByte.push(byte, at: 7) { oneAtATime.append(sample) }
        }

        var whole = LegacyDecoder(protocol: kind)
        let allAtOnce = whole.samples(stream, at: 7)

        var chunked = LegacyDecoder(protocol: kind)
        var inChunks: [LegacySample] = []
        var random = SplitMix64(seed: 0x5EED)
        var start = 0
        while start < stream.count {
            let end = min(stream.count, start + Int.random(in: 1...7, using: &random))
            chunked.push(contentsOf: stream[start..<end], at: 7) { inChunks.append($0) }
            start = end
        }

        #expect(oneAtATime.count == 13)
        #expect(allAtOnce == oneAtATime && inChunks == oneAtATime)
        #expect(whole.stats == byByte.stats && chunked.stats == byByte.stats)
        #expect(byByte.stats.skippedBytes == 4)
    }

    @Test(arguments: [LegacyProtocol.elo, .penmount6250])
    func badChecksumIsCountedAndTheNextPacketDecodes(kind: LegacyProtocol) {
        var broken = LegacyPackets.touch(kind, x: 640, y: 480)
        broken[broken.count - 1] &+= 1
        let good = LegacyPackets.touch(kind, x: 641, y: 481)
        var decoder = LegacyDecoder(protocol: kind)
        let samples = decoder.samples(broken + good)
        #expect(samples.map(\.x) == [641])
        #expect(decoder.stats.badChecksums == 1)
        #expect(decoder.stats.skippedBytes == broken.count)
    }

    /// What goes wrong on the wire, and how many bytes it should cost.
    enum Damage: CaseIterable {
        case missingSync, truncated, garbageBetween, falseHeader
    }

    @Test(arguments: allProtocols, Damage.allCases)
    func damagedBytesAreSkippedAndCountedAndTheNextPacketDecodes(kind: LegacyProtocol, damage: Damage) {
        let first = LegacyPackets.touch(kind, x: 1000, y: 2000)
        let next = LegacyPackets.touch(kind, x: 1001, y: 2002)
        let damaged: [UInt8]
        switch damage {
        case .missingSync: damaged = Array(first.dropFirst())
        case .truncated: damaged = Array(first.prefix(3))
        case .garbageBetween: damaged = first + [0x00, 0x13, 0x22, 0x0F, 0x48]
        case .falseHeader: damaged = first + [Self.lookalikeHeader(kind)]
        }
        let expectedSkips = switch damage {
        case .missingSync: first.count - 1
        case .truncated: 3
        case .garbageBetween: 5
        case .falseHeader: 1
        }
        let keepsFirst = damage == .garbageBetween || damage == .falseHeader

        var decoder = LegacyDecoder(protocol: kind)
        let samples = decoder.samples(damaged + next + next)
        #expect(samples.map(\.x) == (keepsFirst ? [1000] : []) + [1001, 1001])
        #expect(samples.map(\.y) == (keepsFirst ? [2000] : []) + [2002, 2002])
        #expect(decoder.stats.skippedBytes == expectedSkips)
    }

    /// A byte that passes for the start of a packet in `kind`.
    static func lookalikeHeader(_ kind: LegacyProtocol) -> UInt8 {
        switch kind {
        case .elo: 0x55
        case .mtouch: 0xC0
        case .penmount6250: 0x71
        case .egalax: 0x81
        }
    }

    @Test func commandRepliesAreValidPacketsWithoutTouches() {
        var elo = LegacyDecoder(protocol: .elo)
        let eloSamples = elo.samples(LegacyPackets.eloReply(0x41) + LegacyPackets.elo(touching: true, x: 9, y: 9))
        #expect(eloSamples.count == 1 && elo.stats.otherPackets == 1 && elo.stats.skippedBytes == 0)

        var mtouch = LegacyDecoder(protocol: .mtouch)
        let reply: [UInt8] = [0x01, 0x30, 0x0D]
        let mtouchSamples = mtouch.samples(reply + LegacyPackets.mtouch(touching: true, x: 9, y: 9))
        #expect(mtouchSamples.count == 1 && mtouch.stats.otherPackets == 1 && mtouch.stats.skippedBytes == 0)

        var egalax = LegacyDecoder(protocol: .egalax)
        let version: [UInt8] = [0x0A, 5, 0x44, 0x31, 0x2E, 0x30, 0x32]  // 'D' "1.02"
        let egalaxSamples = egalax.samples(version + LegacyPackets.egalax(touching: true, x: 9, y: 9))
        #expect(egalaxSamples.count == 1 && egalax.stats.otherPackets == 1 && egalax.stats.skippedBytes == 0)
    }

    @Test func microTouchReplyWithoutItsEndIsDroppedAtTheBufferLimit() {
        var decoder = LegacyDecoder(protocol: .mtouch)
        let endless = [UInt8(0x01)] + [UInt8](repeating: 0x30, count: 20)
        let samples = decoder.samples(endless + LegacyPackets.mtouch(touching: true, x: 5, y: 6))
        #expect(samples.map(\.x) == [5])
        #expect(decoder.stats.skippedBytes == endless.count)
    }

    @Test func resetDropsAPartialPacket() {
        var decoder = LegacyDecoder(protocol: .penmount6250)
        let packet = LegacyPackets.penmount(index: 2, touching: true, x: 1, y: 2)
        _ = decoder.samples(Array(packet.prefix(4)))
        decoder.reset()
        #expect(decoder.samples(packet).map(\.contactIndex) == [2])
        #expect(decoder.stats.skippedBytes == 4)
    }
}
