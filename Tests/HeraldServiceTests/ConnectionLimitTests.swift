import Foundation
import HeraldJSON
import HeraldSync
import Testing

@testable import HeraldService

/// Connections are bounded below the file limit, and a probe still gets in when idle sockets
/// pile up (Docs/service.md, "Limits").
@Suite struct ConnectionLimitTests {
    /// Twice the limit of silent connections: the oldest are closed to make room, and a probe
    /// on a new connection is answered.
    @Test func idleSocketsMakeRoomForAProbe() async throws {
        try await TestServer.with({
            $0.limits.maxConnections = 4
            $0.limits.maxInFlight = 1
            $0.limits.maxBatches = 1
            // Long enough that only the bound can close the silent connections.
            $0.limits.readTimeout = .seconds(3_600)
            $0.limits.idleTimeout = .seconds(3_600)
        }) { server in
            var idle: [RawConnection] = []
            for _ in 0..<8 { idle.append(try RawConnection(port: server.port)) }
            // Four of them are closed to make room (which four depends on the order the event
            // loops registered them in, not on the order they connected).
            var closed = Set<Int>()
            try await eventually("four silent connections are closed") {
                for (i, connection) in idle.enumerated() where !closed.contains(i) && connection.isClosedByPeer() { closed.insert(i) }
                return closed.count >= 4
            }
            let probe = try RawConnection(port: server.port)
            probe.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let answer = await probe.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            #expect(server.service.connections.count <= 4)
        }
    }

    /// A connection inside a request is never the one closed: with every connection busy, the
    /// new one is refused instead.
    @Test func aBusyConnectionIsNotEvicted() throws {
        let limit = ConnectionLimit(limit: 1)
        let closed = ClosedLog()
        let first = limit.opened { closed.add("first") }
        limit.busy(first, true)
        _ = limit.opened { closed.add("second") }
        #expect(closed.names == ["second"])
        limit.busy(first, false)
        _ = limit.opened { closed.add("third") }
        #expect(closed.names == ["second", "first"])
        #expect(limit.count == 1)
    }

    /// The limit must stay below the process's file limit: a server that would run out of
    /// descriptors refuses to start.
    @Test func theLimitIsCheckedAgainstTheFileLimit() {
        var limits = ServiceLimits()
        limits.maxConnections = 2_000
        #expect(limits.problems(fileLimit: 1_024).contains { $0.contains("connection limit") })
        limits.maxConnections = 512
        #expect(limits.problems(fileLimit: 1_024).isEmpty)
    }

    final class ClosedLog: Sendable {
        private let state = Locked<[String]>([])
        func add(_ name: String) { state.withLock { $0.append(name) } }
        var names: [String] { state.withLock { $0 } }
    }
}
