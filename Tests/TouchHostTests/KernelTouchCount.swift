/// How many touches the kernel reported in an evemu recording, counted straight from its `E:`
/// lines by the kernel's protocol rules, without the importer: a reference to
/// compare the replay with, not a second parser.
///
/// - Protocol B (tracking ids): each slot taking a tracking id different from the one it holds
///   (-1 empties it) is a touch.
/// - Protocol A (`SYN_MT_REPORT`): per `SYN_REPORT`, a tracking id the frame before did not list is
///   a touch; without ids, each contact more than the frame before had is one. A frame that
///   `SYN_DROPPED` cut short lists only some contacts and is passed over.
/// - Otherwise each `BTN_TOUCH` press.
enum KernelTouchCount {
    static func touches(in text: String) -> Int {
        var slot = 0
        var slotIds: [Int: Int] = [:]
        var protocolB = 0
        var presses = 0
        var protocolA = 0
        var sawA = false
        var sawB = false
        // Protocol A: this frame's contacts so far, and the last frame's.
        var blockHasData = false
        var blockId: Int?
        var frameIds = Set<Int>()
        var frameCount = 0
        var previousIds = Set<Int>()
        var previousCount = 0
        var cutShort = false
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            let fields = line.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 5, let type = Int(fields[2], radix: 16), let code = Int(fields[3], radix: 16),
                let value = Int(fields[4])
            else { continue }
            switch (type, code) {
            case (3, 0x2f):
                slot = value
            case (3, 0x39):
                sawB = true
                blockId = value
                blockHasData = true
                if value < 0 {
                    slotIds[slot] = nil
                } else if slotIds[slot] != value {
                    protocolB += 1
                    slotIds[slot] = value
                }
            case (3, 0x35), (3, 0x36):
                blockHasData = true
            case (1, 0x14a) where value == 1:
                presses += 1
            case (0, 2):
                sawA = true
                if blockHasData {
                    if let id = blockId { if id >= 0 { frameIds.insert(id) } } else { frameCount += 1 }
                }
                blockHasData = false
                blockId = nil
            case (0, 3):
                cutShort = true
            case (0, 0):
                if !cutShort {
                    protocolA += frameIds.subtracting(previousIds).count + max(0, frameCount - previousCount)
                    previousIds = frameIds
                    previousCount = frameCount
                }
                cutShort = false
                frameIds = []
                frameCount = 0
                blockHasData = false
                blockId = nil
            default:
                break
            }
        }
        if sawA { return protocolA }
        return sawB ? protocolB : presses
    }
}
