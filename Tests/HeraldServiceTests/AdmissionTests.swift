import Foundation
import HeraldSync
import NIOPosix
import Testing

@testable import HeraldService

/// The in-flight bound counts the work that is running: a request answered 504 keeps its place
/// until its work has really ended (Docs/service.md, "Limits").
@Suite struct AdmissionTests {
    /// A gate work waits at until the test opens it; the wait ignores cancellation, as work
    /// that goes on after its deadline does.
    final class Gate: Sendable {
        private let state = Locked<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func wait() async {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.open { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }

        func open() {
            let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    @Test func aRequestPastItsDeadlineHoldsItsPlaceUntilItsWorkEnds() async throws {
        let admission = Admission(limit: 1)
        let place = try #require(admission.enter())
        let gate = Gate()
        let workEnded = Locked(false)
        do {
            // The work only ends once the gate opens, which is after the deadline's answer.
            _ = try await RequestDeadline.run(.milliseconds(1), on: MultiThreadedEventLoopGroup.singleton.next(), holding: place) {
                await gate.wait()
                workEnded.withLock { $0 = true }
                return 0
            }
            Issue.record("the work cannot end before the gate opens, so the answer must be the deadline's")
        } catch let error as ServiceError {
            #expect(error.status == 504)
            #expect(error.code == "deadline-exceeded")
        }
        // The 504 has been written: the response lets go of the place.
        place.release()
        #expect(workEnded.withLock { $0 } == false)
        #expect(admission.inFlight == 1, "the work still runs, so it still counts")
        #expect(admission.enter() == nil, "no second request gets in while the first one's work runs")
        gate.open()
        try await eventually("the place is given back once the work has ended") { admission.inFlight == 0 }
        #expect(workEnded.withLock { $0 })
        let next = try #require(admission.enter(), "a place is free again")
        next.release()
        #expect(admission.inFlight == 0)
    }

    /// A place dropped while still held (a response whose body was never written) is given
    /// back, never lost from the bound.
    @Test func aPlaceNothingRefersToIsGivenBack() throws {
        let admission = Admission(limit: 1)
        do {
            let place = try #require(admission.enter())
            place.hold()
            place.release()
            withExtendedLifetime(place) { #expect(admission.inFlight == 1, "one holder is left") }
        }
        #expect(admission.inFlight == 0)
        #expect(admission.enter() != nil)
    }

    @Test func aPlaceIsGivenBackOnceByItsLastHolder() throws {
        let counts = Locked<[Int]>([])
        let admission = Admission(limit: 2) { count in counts.withLock { $0.append(count) } }
        let first = try #require(admission.enter())
        let second = try #require(admission.enter())
        #expect(admission.enter() == nil)
        first.hold()
        first.release()
        #expect(admission.inFlight == 2, "one holder is left")
        first.release()
        second.release()
        #expect(admission.inFlight == 0)
        // Every change went to the gauge, in order.
        #expect(counts.withLock { $0 } == [1, 2, 1, 0])
    }
}
