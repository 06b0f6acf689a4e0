import Foundation
import HeraldTestSupport
import NIOHTTP1
import Testing

/// `/metrics`' series are a closed set: what a client chooses (its method, its path) never
/// adds one (Docs/service.md, "Metrics").
@Suite struct MetricsTests {
    /// Methods the HTTP parser lets through (WebDAV's, UPnP's, CalDAV's), and names made up
    /// here (which it refuses) — none of them RFC 9110's. Each is sent to a route and to a path that is none.
    static let clientMethods = [
        "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "SEARCH", "REPORT", "MKACTIVITY",
        "CHECKOUT", "MERGE", "M-SEARCH", "NOTIFY", "SUBSCRIBE", "UNSUBSCRIBE", "PURGE", "MKCALENDAR", "LINK", "UNLINK",
        "SOURCE", "BIND", "REBIND", "UNBIND", "ACL", "QUERY", "FROBNICATE", "X-HERALD-1", "X-HERALD-2", "BREW",
    ]

    /// The `herald_http_requests_total` series of an exposition: each one's labels.
    static func requestSeries(_ exposition: String) -> [[String: String]] {
        exposition.split(separator: "\n").compactMap { line -> [String: String]? in
            guard line.hasPrefix("herald_http_requests_total{"), let close = line.firstIndex(of: "}") else { return nil }
            let inside = line[line.index(line.startIndex, offsetBy: "herald_http_requests_total{".count)..<close]
            var labels: [String: String] = [:]
            for pair in inside.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
            }
            return labels
        }
    }

    /// The counts of the series whose method label is `method`, added up.
    static func total(_ exposition: String, method: String) -> Int {
        exposition.split(separator: "\n").reduce(0) { sum, line in
            guard line.hasPrefix("herald_http_requests_total{"), line.contains(#"method="\#(method)""#),
                let value = line.split(separator: " ").last, let count = Double(value)
            else { return sum }
            return sum + Int(count)
        }
    }

    @Test func madeUpMethodsAndPathsAddNoSeries() async throws {
        try await TestServer.with { server in
            // What every client does: a GET and a POST.
            _ = try await server.send(.GET, "/v1/locales")
            _ = try await server.send(.GET, "/nowhere")
            _ = try await server.json(.POST, "/v1/format", "{}")
            let before = Self.requestSeries(try await server.send(.GET, "/metrics").text)

            // The first method the server sees in a new series is counted as `other`, and so
            // is every one after it: the series made by the first round are all there is.
            var sent = 0
            var afterFirstRound: Set<String> = []
            for round in 0..<2 {
                for method in Self.clientMethods {
                    for path in ["/v1/locales", "/v1/format", "/nowhere-\(round)-\(method)"] {
                        let answer = try await server.send(HTTPMethod(rawValue: method), path)
                        #expect(answer.status >= 400, "\(method) \(path) answered \(answer.status)")
                        // Names the HTTP parser does not know are refused before any route or
                        // middleware (no X-Request-Id): not counted, not a series.
                        if answer.headers.first(name: "X-Request-Id") != nil { sent += 1 }
                    }
                }
                let exposition = try await server.send(.GET, "/metrics").text
                let series = Self.requestSeries(exposition)
                for labels in series {
                    #expect(["GET", "POST", "other"].contains(labels["method"] ?? "?"), "a series by method: \(labels)")
                    #expect(["/v1/locales", "/v1/format", "/metrics", "other"].contains(labels["route"] ?? "?"), "a series by path: \(labels)")
                }
                #expect(Self.total(exposition, method: "other") == sent)
                // Most of the list gets through the parser: each would have been a series.
                #expect(sent >= (round + 1) * 3 * 20)
                // Three routes by one method and a status or two each: a handful, whatever was sent.
                #expect(series.count <= before.count + 6, "\(series.count) series after \(sent) requests")
                let names = Set(series.map { labels in labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") })
                if round == 0 {
                    afterFirstRound = names
                } else {
                    // The second round, the same methods on other paths, added nothing.
                    #expect(names == afterFirstRound)
                }
            }
        }
    }
}
