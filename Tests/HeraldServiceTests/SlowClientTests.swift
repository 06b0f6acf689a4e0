import Foundation
import HeraldJSON
import Testing

@testable import HeraldService

/// A client that trickles does not starve the others (Docs/service.md, "Limits"): it is closed
/// once its body moves slower than the minimum rate, batches have places of their own, and
/// `/readyz` says when the single requests' places are all taken.
@Suite struct SlowClientTests {
    /// A batch that sends a blank line now and then re-arms the read timeout forever; the
    /// minimum body rate closes it and gives its place back, and the next batch gets in.
    @Test func aTricklingBatchIsClosedAndItsPlaceGivenBack() async throws {
        try await TestServer.with({
            $0.limits.maxBatches = 1
            $0.limits.minBodyRate = 1_000
            $0.limits.rateWindow = .milliseconds(200)
            // Long enough that only the rate can close the connection.
            $0.limits.readTimeout = .seconds(3_600)
        }) { server in
            let trickler = try RawConnection(port: server.port)
            trickler.send("POST /v1/render/batch HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            // A blank line every 20 ms: one byte where the rule wants 200 per window. (The
            // batch holds the one batch place meanwhile; on a loaded machine it may be closed
            // before a look at the metrics would see it, so that is not waited for.)
            var closed = false
            for _ in 0..<10_000 {
                if !trickler.sendChecked("1\r\n\n\r\n") {
                    closed = true
                    break
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(closed, "the server never closed the trickling batch")
            try await eventually("the trickler's place is given back") {
                try await server.send(.GET, "/metrics").text.contains("herald_http_batches_in_flight 0")
            }
            #expect(try await server.send(.GET, "/metrics").text.contains("herald_slow_clients_closed_total 1"), "closed by the rate bound")
            let next = try await server.send(.POST, "/v1/render/batch", body: Array((FormatAndBatchTests.batchLines[0] + "\n").utf8))
            #expect(next.status == 200, "\(next.text)")
        }
    }

    /// A batch never takes a single request's place: with one of each, a batch in progress
    /// leaves `/v1/format` answering, and a second batch is the one refused.
    @Test func batchesHavePlacesOfTheirOwn() async throws {
        try await TestServer.with({
            $0.limits.maxInFlight = 1
            $0.limits.maxBatches = 1
            $0.limits.minBodyRate = 0
        }) { server in
            let batch = try RawConnection(port: server.port)
            batch.send("POST /v1/render/batch HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
            try await eventually("the batch is in flight") {
                try await server.send(.GET, "/metrics").text.contains("herald_http_batches_in_flight 1")
            }
            let format = try await server.json(.POST, "/v1/format", #"{"key":"lottery.title","locale":"en","args":["x"]}"#)
            #expect(format.status == 200, "\(format.text)")
            let second = try await server.send(.POST, "/v1/render/batch", body: Array((FormatAndBatchTests.batchLines[0] + "\n").utf8))
            #expect(second.status == 503)
            #expect(try JSONParser.parse(second.text)["error"]?["code"]?.stringValue == "overloaded")
            batch.send("0\r\n\r\n")
            _ = await batch.readToEnd()
        }
    }

    /// With every single-request place taken, `/readyz` is 503 and says `saturated` (the
    /// orchestrator sends work elsewhere); `/healthz` stays 200 (the process is alive).
    @Test func readinessSaysWhenThePlacesAreTaken() async throws {
        try await TestServer.with({ $0.limits.maxInFlight = 1; $0.limits.requestDeadline = .seconds(3_600) }) { server in
            #expect(try await server.send(.GET, "/readyz").status == 200)
            let holder = try RawConnection(port: server.port)
            holder.send("POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\nConnection: close\r\n\r\n{")
            try await eventually("the stalled request holds the one place") {
                try await server.send(.GET, "/metrics").text.contains("herald_http_requests_in_flight 1")
            }
            let ready = try await server.send(.GET, "/readyz")
            #expect(ready.status == 503)
            #expect(try JSONParser.parse(ready.text)["saturated"]?.boolValue == true)
            #expect(try await server.send(.GET, "/healthz").status == 200)
            holder.send(String(repeating: " ", count: 49))
            _ = await holder.readToEnd()
            try await eventually("ready again once the place is free") { try await server.send(.GET, "/readyz").status == 200 }
        }
    }
}

extension RawConnection {
    /// Sends `text`; false once the connection is closed (the peer reset it).
    func sendChecked(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { buffer in Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) == buffer.count }
    }

    /// Whether the peer has closed the connection (an end of stream or a reset is waiting),
    /// without blocking; data waiting is read and dropped.
    func isClosedByPeer() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { continue }
            if n == 0 { return true }
            return errno != EAGAIN && errno != EWOULDBLOCK
        }
    }
}
