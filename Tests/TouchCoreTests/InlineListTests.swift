import Testing
import TouchCore

@Suite struct InlineListTests {
    @Test func appendStopsAtCapacityAndReportsIt() {
        var list = InlineList<3, Int>(filler: 0)
        #expect(list.append(1) && list.append(2) && list.append(3))
        #expect(list.append(4) == false)
        #expect(list.count == 3 && list.isFull)
        #expect(list[2] == 3)
    }

    @Test func removeKeepsOrderAndSwapRemoveDoesNot() {
        var list = InlineList<5, Int>(filler: 0)
        for value in 1...5 { list.append(value) }
        list.remove(at: 1)
        #expect(list.indices.map { list[$0] } == [1, 3, 4, 5])
        list.swapRemove(at: 0)
        #expect(list.indices.map { list[$0] } == [5, 3, 4])
    }
}
