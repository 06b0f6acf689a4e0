import Foundation
import HeraldJSON
import HeraldService
import HeraldTestSupport
import Testing

/// The running server against Docs/openapi.json: the same routes, and every answer the tests
/// get here matches the schema the document gives for its route, status and content type
/// (checked by python3-jsonschema, not by Herald's code: Tools/scripts/check-openapi-response.py).
@Suite struct OpenAPITests {
    static let document = Repository.path("Docs/openapi.json")

    @Test func theDocumentListsExactlyTheServersRoutes() throws {
        let spec = try JSONParser.parse(String(contentsOfFile: Self.document, encoding: .utf8))
        var documented: [String] = []
        for (path, item) in try #require(spec["paths"]?.objectValue) {
            for (method, _) in try #require(item.objectValue) { documented.append("\(method.uppercased()) \(path)") }
        }
        let service = ServiceApplication(configuration: ServiceConfiguration(), logger: .init(label: "test"))
        #expect(documented.sorted() == service.routes)
        #expect(spec["openapi"]?.stringValue == "3.1.0")
    }

    /// python3-jsonschema is the schema checker; without it (a machine with only the Swift
    /// toolchain) answers are not checked, and under CI its absence fails.
    static let validatorAvailable = ExternalTool.pythonHas("jsonschema")

    static func check(_ method: String, _ path: String, _ answer: Answer) async throws {
        guard validatorAvailable else {
            if ExternalTool.isCI { Issue.record("python3's jsonschema is missing: apt-get install python3-jsonschema (.ci/run installs it)") }
            return
        }
        let result = try await Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Repository.path("Tools/scripts/check-openapi-response.py"), Self.document, method, path, String(answer.status),
             answer.headers["Content-Type"].first ?? ""],
            stdin: Data(answer.body))
        #expect(result.status == 0, "\(method) \(path) \(answer.status): \(result.stderr)")
    }

    @Test func answersMatchTheirSchemas() async throws {
        let tables = Repository.path("Localizations")
        try await TestServer.with({ $0.tablesDirectory = tables; $0.limits.bodyBytes = 4096 }) { server in
            let push = #"{"aps":{"alert":{"loc-key":"lottery.title","loc-args":["Powerball"]}}}"#
            let calls: [(String, String, [UInt8]?)] = [
                ("POST", "/v1/render", Array(#"{"payload":\#(push),"locales":["en","ar"]}"#.utf8)),
                ("POST", "/v1/render", Array(#"{"payload":{"x":1},"locale":"en"}"#.utf8)),
                ("POST", "/v1/render", Array(#"{"payload":{"aps":{}},"locale":"en","context":{"badge":"x"}}"#.utf8)),
                ("POST", "/v1/render", Array("{\"payload\": [".utf8)),
                ("POST", "/v1/render", Array(#"{"payload":""# .utf8) + [UInt8](repeating: 0x61, count: 5000) + Array(#""}"#.utf8)),
                ("POST", "/v1/render/batch", Array((FormatAndBatchTests.batchLines.joined(separator: "\n") + "\n").utf8)),
                ("POST", "/v1/format", Array(#"{"key":"lottery.loss.body","locale":"ru","args":[3]}"#.utf8)),
                ("POST", "/v1/format", Array(#"{"key":"no.such.key","locale":"ru"}"#.utf8)),
                ("POST", "/v1/validate", Array("not a tar".utf8)),
                ("GET", "/v1/locales", nil),
                ("GET", "/v1/preview", nil),
                ("GET", "/healthz", nil),
                ("GET", "/readyz", nil),
                ("GET", "/metrics", nil),
            ]
            var statuses: [String: Set<Int>] = [:]
            for (method, path, body) in calls {
                let answer = try await server.send(method == "GET" ? .GET : .POST, path, body: body)
                statuses[path, default: []].insert(answer.status)
                try await Self.check(method, path, answer)
            }
            #expect(statuses["/v1/render"] == [200, 400, 413])
            #expect(statuses["/v1/format"] == [200, 422])
        }
        // Not ready: /readyz's 503 and a route's not-ready error.
        let empty = try TemporaryFolder()
        _ = try empty.write("\"a\" = \"broken;\n", to: "en.lproj/Localizable.strings")
        try await TestServer.with({ $0.tablesDirectory = empty.path }) { server in
            try await Self.check("GET", "/readyz", try await server.send(.GET, "/readyz"))
            try await Self.check("GET", "/v1/locales", try await server.send(.GET, "/v1/locales"))
        }
    }
}
