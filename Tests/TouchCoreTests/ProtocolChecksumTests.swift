import Testing
import TouchCore

@Suite struct ProtocolChecksumTests {
    static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc = CRC16()
        for byte in bytes { crc.update(byte) }
        return crc.value
    }

    @Test func crcOfTheStandardCheckStringIs29B1() {
        #expect(Self.crc(Array("123456789".utf8)) == 0x29B1)
    }

    @Test func crcOfNothingIsTheInitialValue() {
        #expect(Self.crc([]) == 0xFFFF)
    }

    @Test func crcChangesWhenAnySingleBitFlips() {
        let message: [UInt8] = [0x01, 0x02, 0x34, 0x12, 0x40, 0xE2, 0x01, 0x00]
        let reference = Self.crc(message)
        for index in message.indices {
            for bit in 0..<8 {
                var corrupted = message
                corrupted[index] ^= 1 << bit
                #expect(Self.crc(corrupted) != reference)
            }
        }
    }
}
