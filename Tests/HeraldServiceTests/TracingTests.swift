import Foundation
import HeraldExamples
import HeraldTestSupport
import NIOHTTP1
import Testing

#if OpenTelemetry
/// herald-server built with the OpenTelemetry trait, as a subprocess, exporting to an OTLP/HTTP
/// receiver on loopback (Docs/service.md, "Tracing"): what it sends is decoded as
/// opentelemetry-proto's ExportTraceServiceRequest and checked field by field.
@Suite struct TracingTests {
    /// The receiver answers as a collector does: 200, an empty ExportTraceServiceResponse.
    static func receiver() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer.answering { _ in .ok([], contentType: "application/x-protobuf") }
    }

    /// Every span the receiver was sent at `/v1/traces`, with its resource's attributes.
    static func exported(_ receiver: LoopbackHTTPServer) throws -> [(span: OTLPSpan, resource: [String: OTLPValue])] {
        var spans: [(span: OTLPSpan, resource: [String: OTLPValue])] = []
        for request in receiver.requests {
            #expect(request.method == "POST")
            #expect(request.path == "/v1/traces")
            #expect(request.headers["content-type"] == "application/x-protobuf")
            spans += try OTLPSpan.decode(exportRequest: Array(request.body))
        }
        return spans
    }

    /// herald-server with `arguments` and `environment`; `requests` get its base URL, then
    /// SIGTERM stops it (spans go out in batches: the exporter sends the rest as it stops) and
    /// it must exit 0.
    static func serve(_ arguments: [String], environment: [String: String] = [:], _ requests: (String) async throws -> Void) async throws {
        let work = try TemporaryFolder()
        let server = try await ServerProcessTests.start(["--watch-interval-ms", "0"] + arguments, folder: work, environment: environment)
        defer { kill(server.process.processIdentifier, SIGKILL) }
        try await requests(server.base)
        kill(server.process.processIdentifier, SIGTERM)
        let finished = await server.process.finished()
        #expect(finished.status == 0, "\(finished.stderr)")
    }

    @Test func aRequestsSpanCarriesItsTraceparentRouteStatusAndID() async throws {
        let receiver = try Self.receiver()
        defer { receiver.stop() }
        // A W3C traceparent (version 00, sampled), as a caller that traces would send it.
        let traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
        let parentID = "00f067aa0ba902b7"
        var madeID: String?
        try await Self.serve(["--otel-endpoint", receiver.url("")]) { base in
            let answer = try await Answer.send(
                .POST, base + "/v1/format", body: Array(ExampleRequests.formatLines[0].utf8),
                headers: [("traceparent", "00-\(traceID)-\(parentID)-01"), ("X-Request-Id", "trace-test-1")])
            #expect(answer.status == 200, "\(answer.text)")
            // No traceparent: a trace of its own; a path that is no route is not its name.
            let missing = try await Answer.send(.GET, base + "/nowhere", body: nil, headers: [])
            #expect(missing.status == 404)
            madeID = missing.headers.first(name: "X-Request-Id")
        }

        let spans = try Self.exported(receiver)
        let format = try #require(spans.first { $0.span.attributes["http.route"] == .string("/v1/format") }, "\(spans)")
        #expect(format.span.traceID == traceID)
        #expect(format.span.parentSpanID == parentID)
        #expect(format.span.spanID.count == 16 && format.span.spanID != parentID)
        #expect(format.span.name == "/v1/format")
        #expect(format.span.kind == 2, "SPAN_KIND_SERVER")
        #expect(format.span.attributes["http.request.method"] == .string("POST"))
        #expect(format.span.attributes["http.response.status_code"] == .int(200))
        #expect(format.span.attributes["http.request.header.x_request_id"] == .string("trace-test-1"))
        #expect(format.span.attributes["http.response.header.x_request_id"] == .string("trace-test-1"))
        #expect(format.span.end >= format.span.start && format.span.start > 0)
        #expect(format.resource["service.name"] == .string("herald"))

        // The work itself is a child span of the request's.
        let child = try #require(spans.first { $0.span.name == "format" }, "\(spans)")
        #expect(child.span.traceID == traceID)
        #expect(child.span.parentSpanID == format.span.spanID)
        #expect(child.span.kind == 1, "SPAN_KIND_INTERNAL")
        #expect(child.span.attributes["herald.status"] == .int(200))

        let other = try #require(spans.first { $0.span.attributes["url.path"] == .string("/nowhere") }, "\(spans)")
        #expect(other.span.traceID != traceID && other.span.traceID.count == 32)
        #expect(other.span.parentSpanID == "")
        // Named for no route (Hummingbird's "NotFound"), never after the path a client made up.
        #expect(other.span.name == "NotFound")
        #expect(other.span.attributes["http.route"] == .string("NotFound"))
        #expect(other.span.attributes["http.response.status_code"] == .int(404))
        // The id the server made is the one it answered with.
        #expect(madeID != nil && other.span.attributes["http.response.header.x_request_id"] == madeID.map { .string($0) })
    }

    @Test(arguments: ["127.0.0.1:4318", "ftp://127.0.0.1/", "http://", "http://127.0.0.1:4318/?a=b"])
    func aBadEndpointIsAUsageError(endpoint: String) async throws {
        let result = try await Subprocess.run(try BuiltExecutable.url(named: "herald-server"), ["--otel-endpoint", endpoint])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("herald-server: error: --otel-endpoint \(endpoint): "), "\(result.stderr)")
    }

    @Test func noEndpointNoSpans() async throws {
        let receiver = try Self.receiver()
        defer { receiver.stop() }
        // The standard variable turns tracing on, and OTEL_SDK_DISABLED turns it off again.
        try await Self.serve([], environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url(""), "OTEL_SDK_DISABLED": "true"]) { base in
            let answer = try await Answer.send(
                .GET, base + "/healthz", body: nil, headers: [("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")])
            #expect(answer.status == 200)
        }
        #expect(receiver.requests.isEmpty)
    }

    @Test func theStandardVariableTurnsItOn() async throws {
        let receiver = try Self.receiver()
        defer { receiver.stop() }
        try await Self.serve([], environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url(""), "OTEL_SERVICE_NAME": "herald-eu"]) { base in
            let answer = try await Answer.send(.GET, base + "/healthz", body: nil, headers: [])
            #expect(answer.status == 200)
        }
        let spans = try Self.exported(receiver)
        let health = try #require(spans.first { $0.span.attributes["http.route"] == .string("/healthz") }, "\(spans)")
        #expect(health.resource["service.name"] == .string("herald-eu"))
    }
}
#else
/// A herald-server built without the trait refuses `--otel-endpoint` as a usage error that
/// says how to build one that has it.
@Suite struct TracingNotBuiltTests {
    @Test func theFlagNeedsTheTrait() async throws {
        let result = try await Subprocess.run(try BuiltExecutable.url(named: "herald-server"), ["--otel-endpoint", "http://127.0.0.1:4318"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--otel-endpoint: this herald-server was built without tracing"), "\(result.stderr)")
        #expect(result.stderr.contains("--traits OpenTelemetry"), "\(result.stderr)")
    }
}
#endif
