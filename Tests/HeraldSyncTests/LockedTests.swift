import Dispatch
import HeraldSync
import Testing

@Suite struct LockedTests {
    @Test func concurrentUpdatesAreNotLost() {
        let counter = Locked(0)
        let log = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
            log.withLock { $0.append(worker) }
        }
        #expect(counter.withLock { $0 } == 80_000)
        #expect(log.withLock { $0.sorted() } == Array(0..<8))
    }

    @Test func errorsPropagateAndReleaseTheLock() {
        struct Refused: Error, Equatable {}
        let value = Locked("a")
        #expect(throws: Refused.self) {
            try value.withLock { (text: inout String) throws(Refused) -> Void in
                text += "b"
                throw Refused()
            }
        }
        // The lock was released by the throw, and the change made before it stays.
        #expect(value.withLock { $0 } == "ab")
    }

    @Test func returnsTheBodysResult() {
        let table = Locked<[String: Int]>(["one": 1])
        let inserted = table.withLock { dict -> Bool in
            dict["two"] = 2
            return dict.count == 2
        }
        #expect(inserted)
        #expect(table.withLock { $0["two"] } == 2)
    }
}
