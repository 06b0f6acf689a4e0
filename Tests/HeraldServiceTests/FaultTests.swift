import AsyncHTTPClient
import Foundation
import HeraldJSON
import HeraldTestSupport
import Logging
import Testing

@testable import HeraldService

/// Faults a client can cause, each answered in the one error shape and none costing more than
/// it should (Docs/service.md, "Errors" and "Limits").
@Suite struct FaultTests {
    /// A body with a broken chunk size, or one that ends early, is the client's fault: 400,
    /// and no line at error level in the log.
    @Test(arguments: [
        "POST /v1/format HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"key\":",
    ])
    func aBrokenBodyIs400AndNoErrorLine(request: String) async throws {
        let folder = try TemporaryFolder()
        let fd = open(folder.path("log"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(fd) }
        let sink = LogSink(fileDescriptor: fd)
        let logger = Logger(label: "herald.serve") { label in ServiceLogHandler(label: label, level: .info, sink: sink) }
        try await TestServer.with({ _ in }, logger: logger) { server in
            let connection = try RawConnection(port: server.port)
            connection.send(request)
            // Ends the body early (the second request) and lets the answer through.
            shutdown(connection.fd, Int32(SHUT_WR))
            let answer = await connection.readToEnd()
            if !answer.isEmpty { #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)") }
            try await eventually("the request is logged") {
                sink.flush()
                return ((try? String(contentsOfFile: folder.path("log"), encoding: .utf8)) ?? "").contains("route=/v1/format")
            }
            // Read while the server runs (stopping it is not this request's doing).
            sink.flush()
            let log = try String(contentsOfFile: folder.path("log"), encoding: .utf8)
            let lines = log.split(separator: "\n")
            #expect(!lines.contains { $0.contains(" error ") || $0.contains(" critical ") }, "\(log)")
            #expect(lines.filter { $0.contains("route=/v1/format") }.count == 1, "\(log)")
            #expect(lines.contains { $0.contains("status=400") }, "\(log)")
        }
    }

    /// Wrong arguments for a key are a 422 in the one error shape, never a 200 with a
    /// half-filled text.
    @Test func wrongArgumentsAre422() async throws {
        try await TestServer.with { server in
            let answer = try await server.json(.POST, "/v1/format", #"{"key":"lottery.loss.body","locale":"en","args":["three"]}"#)
            #expect(answer.status == 422, "\(answer.text)")
            let error = try JSONParser.parse(answer.text)["error"]
            #expect(error?["status"]?.intValue == 422)
            #expect(error?["code"]?.stringValue == "cannot-format")
            #expect(try JSONParser.parse(answer.text)["requestId"]?.stringValue != nil)
            let unknown = try await server.json(.POST, "/v1/format", #"{"key":"no.such.key","locale":"en"}"#)
            #expect(unknown.status == 422)
            #expect(try JSONParser.parse(unknown.text)["error"]?["status"]?.intValue == 422)
        }
    }

    /// A 504 stops the work: a render of 100 locales over 10,000 tickets whose deadline passes
    /// renders no locale after it (the place comes back once the work has stopped). The
    /// deadline is long enough for the body to be read on an idle machine and far shorter than
    /// the work; on a loaded one it may pass during the read, which only makes the check easier.
    @Test func aRenderPastItsDeadlineStops() async throws {
        var tickets: [String] = []
        for i in 0..<10_000 {
            tickets.append(#"{"game":"powerball","draw":"2026-11-18","numbers":[4,11,23,50,\#(i % 9 + 60)],"bonus":[9]}"#)
        }
        let locales = (0..<100).map { _ in #""en""# }.joined(separator: ",")
        let body = #"{"payload":{"aps":{"alert":"Hi","mutable-content":1}},"locales":[\#(locales)],"context":{"tickets":[\#(tickets.joined(separator: ","))]}}"#
        try await TestServer.with({ $0.limits.requestDeadline = .milliseconds(1_000); $0.limits.bodyBytes = 4 << 20 }) { server in
            // The 504 may come while the body is still being sent (the connection is then
            // closed under the client): the state below is what this test checks.
            if let answer = try? await server.json(.POST, "/v1/render", body) {
                #expect(answer.status == 504, "\(answer.text.prefix(300))")
            }
            try await eventually("the work has ended and its place is back") { server.service.admission.inFlight == 0 }
            let metrics = String(decoding: server.service.metrics.exposition(), as: UTF8.self)
            let rendered = metrics.split(separator: "\n").filter { $0.hasPrefix("herald_renders_total") }
                .compactMap { Double($0.split(separator: " ").last ?? "") }.reduce(0, +)
            #expect(rendered < 100, "every locale was rendered after the 504: \(rendered)")
        }
    }

    /// A push too large for APNs that the extension would not run for is never passed on
    /// whole: each locale's payload is at most 4096 bytes, with the size diagnostic.
    @Test func anOversizePassedOnPushFitsPerLocale() async throws {
        let big = String(repeating: "x", count: 900_000)
        let locales = (0..<100).map { _ in #""en""# }.joined(separator: ",")
        let body = #"{"payload":{"aps":{"content-available":1},"blob":"\#(big)"},"locales":[\#(locales)]}"#
        // A deadline no loaded machine reaches: this test is about sizes, not time.
        try await TestServer.with({ $0.limits.bodyBytes = 2 << 20; $0.limits.requestDeadline = .seconds(3_600) }) { server in
            let answer = try await server.json(.POST, "/v1/render", body)
            #expect(answer.status == 200)
            #expect(answer.body.count < 100 * 4096, "the answer is \(answer.body.count) bytes")
            let results = try #require(try JSONParser.parse(answer.text)["results"]?.arrayValue)
            #expect(results.count == 100)
            for result in results {
                let payload = try #require(result["payload"])
                #expect(JSONWriter.write(payload).utf8.count <= 4096)
                #expect(payload["aps"]?["content-available"]?.intValue == 1)
            }
            #expect(results[0]["diagnostics"]?.arrayValue?.contains { $0.stringValue?.contains("more than APNs' 4096") == true } == true)
        }
    }

    /// Uploads share one budget: while one holds it, another is refused with 503 at once;
    /// once the first has ended, the next gets in.
    @Test func uploadsShareABudget() async throws {
        try await TestServer.with({
            $0.limits.uploadBytes = 1_000
            $0.limits.uploadBudgetBytes = 1_000
            // The held upload must not meet its deadline while the test looks.
            $0.limits.requestDeadline = .seconds(3_600)
        }) { server in
            let holder = try RawConnection(port: server.port)
            holder.send("POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-tar\r\nContent-Length: 900\r\nConnection: close\r\n\r\n")
            holder.send(String(repeating: "\0", count: 800))
            try await eventually("the first upload has taken its bytes") { server.service.uploads.taken >= 800 }
            let refused = try await server.send(.POST, "/v1/validate", body: [UInt8](repeating: 0, count: 500), headers: [("Content-Type", "application/x-tar")])
            #expect(refused.status == 503, "\(refused.text)")
            #expect(try JSONParser.parse(refused.text)["error"]?["code"]?.stringValue == "uploads-busy")
            #expect(refused.headers["Retry-After"].first != nil)
            holder.send(String(repeating: "\0", count: 100))
            _ = await holder.readToEnd()
            try await eventually("the budget is given back") { server.service.uploads.taken == 0 }
            let next = try await server.send(.POST, "/v1/validate", body: [UInt8](repeating: 0, count: 500), headers: [("Content-Type", "application/x-tar")])
            #expect(next.status != 503, "\(next.text)")
            #expect(try JSONParser.parse(next.text)["error"]?["status"]?.intValue == Int64(next.status), "one error shape: \(next.text)")
        }
    }

    /// A sealed push whose key is missing is a fallback whose diagnostics say so without
    /// naming the server's key folder; `/readyz` names no folder either.
    @Test func noServerPathInAnAnswer() async throws {
        let keys = try TemporaryFolder("herald-secret-keys")
        let envelope = #"{"v":1,"alg":"aes-gcm","kid":"nope","ct":"AAAA"}"#
        let body = #"{"payload":{"aps":{"alert":"Hi","mutable-content":1},"herald":{"sealed":\#(envelope)}},"locale":"en"}"#
        try await TestServer.with({ $0.keysDirectory = keys.path }) { server in
            let answer = try await server.json(.POST, "/v1/render", body)
            #expect(answer.status == 200)
            #expect(!answer.text.contains(keys.path), "\(answer.text)")
            #expect(answer.text.contains("<keys>") || !answer.text.contains("herald-secret-keys"), "\(answer.text)")
            let batch = try await server.send(.POST, "/v1/render/batch", body: Array((#"{"id":1,"locale":"en","payload":"# + body.dropFirst(#"{"payload":"#.count).dropLast(#","locale":"en"}"#.count) + "}\n").utf8))
            #expect(!batch.text.contains(keys.path), "\(batch.text)")
        }
    }

    /// A change of the tables is taken once it has settled: a tree seen changed is reloaded
    /// only when the next look sees it the same, never half-way through a write.
    @Test func aChangeIsTakenOnceSettled() {
        var changes = SettledChanges(["a 1"])
        #expect(changes.look(["a 1"]) == false)
        #expect(changes.look(["a 2"]) == false, "a first half written")
        #expect(changes.look(["a 3"]) == false, "still being written")
        #expect(changes.look(["a 3"]) == true, "settled")
        #expect(changes.look(["a 3"]) == false, "taken once")
        #expect(changes.look(["a 4"]) == false)
        #expect(changes.look(["a 3"]) == false, "back as it was: nothing to take")
        #expect(changes.look(["a 3"]) == false)
    }
}
