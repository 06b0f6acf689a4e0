import AsyncHTTPClient
import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// The limits of `herald serve` and their one error shape (Docs/service.md, "Limits", "Errors").
@Suite struct LimitsTests {
    static func error(_ answer: Answer) throws -> JSONValue {
        try #require(try JSONParser.parse(answer.text)["error"])
    }

    @Test func malformedJSONIs400WithLineAndColumn() async throws {
        try await TestServer.with { server in
            // Line 2, column 10 is where the value is missing (counted by hand: two spaces, "key": is 6 more, a space).
            let answer = try await server.json(.POST, "/v1/format", "{\n  \"key\": }")
            #expect(answer.status == 400)
            let error = try Self.error(answer)
            #expect(error["code"]?.stringValue == "malformed-json")
            #expect(error["line"]?.intValue == 2)
            #expect(error["column"]?.intValue == 10)
            #expect(error["status"]?.intValue == 400)
        }
    }

    @Test func aBodyPastTheLimitIs413() async throws {
        try await TestServer.with({ $0.limits.bodyBytes = 100 }) { server in
            let answer = try await server.json(.POST, "/v1/render", #"{"payload":{"aps":{"alert":""# + String(repeating: "a", count: 200) + #""}},"locale":"en"}"#)
            #expect(answer.status == 413)
            #expect(try Self.error(answer)["code"]?.stringValue == "body-too-large")
        }
    }

    @Test func theRequestIDIsEchoedOrMade() async throws {
        try await TestServer.with { server in
            let given = try await server.send(.GET, "/healthz", headers: [("X-Request-Id", "abc-123")])
            #expect(given.headers["X-Request-Id"].first == "abc-123")
            // A made id is Hummingbird's: a per-process random prefix and a counter, in hexadecimal.
            let made = try await server.send(.GET, "/healthz").headers["X-Request-Id"].first ?? ""
            let next = try await server.send(.GET, "/healthz").headers["X-Request-Id"].first ?? ""
            #expect(made.wholeMatch(of: /[0-9a-f]{17,32}/) != nil, "\(made)")
            #expect(next.wholeMatch(of: /[0-9a-f]{17,32}/) != nil, "\(next)")
            #expect(made != next)
            // An id that is not a sensible token (spaces, control characters) is replaced, never logged as sent.
            let odd = try await server.send(.GET, "/nowhere", headers: [("X-Request-Id", "a b")])
            let id = try #require(odd.headers["X-Request-Id"].first)
            #expect(id != "a b")
            #expect(odd.status == 404)
            #expect(try JSONParser.parse(odd.text)["requestId"]?.stringValue == id)
            #expect(try Self.error(odd)["code"]?.stringValue == "not-found")
        }
    }

    /// A request whose body stops half-way is answered 504 once the request deadline has passed.
    @Test func aStalledBodyMeetsTheDeadline() async throws {
        try await TestServer.with({ $0.limits.requestDeadline = .milliseconds(300) }) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("POST /v1/render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{\"pay")
            let answer = await connection.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 504"), "\(answer)")
            #expect(answer.contains(#""code":"deadline-exceeded""#))
        }
    }

    /// A connection that sends part of its headers and then nothing is closed after the read timeout.
    @Test func aSilentConnectionIsClosed() async throws {
        try await TestServer.with({ $0.limits.readTimeout = .milliseconds(300) }) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
            let answer = await connection.readToEnd()
            #expect(!answer.contains("200"), "the request never ended, so it was never answered")
        }
    }

    /// With every place taken, a request is refused at once with 503 and Retry-After (never
    /// queued); probes are still answered. The place is held by a request whose body stalls.
    @Test func overloadIs503WithRetryAfter() async throws {
        try await TestServer.with({ $0.limits.maxInFlight = 1; $0.limits.retryAfterSeconds = 7; $0.limits.minBodyRate = 0 }) { server in
            let holder = try RawConnection(port: server.port)
            holder.send("POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\nConnection: close\r\n\r\n{")
            try await eventually("the stalled request holds the one place") {
                let metrics = try await server.send(.GET, "/metrics").text
                return metrics.contains("herald_http_requests_in_flight 1")
            }
            let refused = try await server.json(.POST, "/v1/format", #"{"key":"k","locale":"en"}"#)
            #expect(refused.status == 503)
            #expect(refused.headers["Retry-After"].first == "7")
            #expect(try Self.error(refused)["code"]?.stringValue == "overloaded")
            #expect(try await server.send(.GET, "/healthz").status == 200)
            // The holder finishes; its place is free again.
            holder.send(String(repeating: " ", count: 49))
            _ = await holder.readToEnd()
            try await eventually("the place is given back") {
                try await server.json(.POST, "/v1/format", #"{"key":"lottery.title","locale":"en","args":["x"]}"#).status == 200
            }
        }
    }

    @Test func aWrongMethodIsAnError() async throws {
        try await TestServer.with { server in
            let answer = try await server.send(.GET, "/v1/render")
            #expect([404, 405].contains(answer.status))
            #expect(try Self.error(answer)["status"]?.intValue == Int64(answer.status))
        }
    }
}
