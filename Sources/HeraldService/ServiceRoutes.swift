import HeraldJSON
import HeraldPreview
import Hummingbird
import Tracing

/// The routes of `herald serve` (Docs/service.md, Docs/openapi.json).
struct ServiceRoutes: Sendable {
    let tables: LiveTables
    let metrics: ServiceMetrics
    let limits: ServiceLimits
    let timeZone: String
    /// Whether the work of a render or a format is a span of its own, under the request's.
    let tracing: Bool
    /// The single requests' places, for `/readyz`.
    let admission: Admission
    /// What `/v1/validate` uploads hold together.
    let uploads: UploadBudget
    /// Where uploads are unpacked.
    let uploadParent: @Sendable () -> String
    /// The server's folders, kept out of answers.
    let paths: ServerPaths

    func add(to router: Router<ServiceContext>) {
        let tables = tables, metrics = metrics, limits = limits, timeZone = timeZone, tracing = tracing
        let admission = admission, uploads = uploads, uploadParent = uploadParent, paths = paths
        let format = FormatEndpoint(tables: tables, timeZone: timeZone)
        router.post("/v1/render") { request, context in
            try await RequestDeadline.run(limits.requestDeadline, on: context.eventLoop, holding: context.place) {
                let (_, object) = try await RequestBodyReader.object(request, limit: limits.bodyBytes)
                let answer = try await Self.traced(tracing, "render") { span in
                    let answer = try await RenderEndpoint(tables: tables, metrics: metrics, paths: paths).answer(object)
                    span?.attributes["herald.results"] = answer["results"]?.arrayValue?.count
                    return answer
                }
                return Self.json(200, Array((JSONWriter.write(.object(answer)) + "\n").utf8))
            }
        }
        router.post("/v1/render/batch") { request, _ in
            try BatchEndpoint(tables: tables, metrics: metrics, paths: paths).respond(request)
        }
        router.post("/v1/format") { request, context in
            try await RequestDeadline.run(limits.requestDeadline, on: context.eventLoop, holding: context.place) {
                let (bytes, _) = try await RequestBodyReader.json(request, limit: limits.bodyBytes)
                let body = try await Self.traced(tracing, "format") { span in
                    do {
                        let answer = try format.answer(bytes)
                        span?.attributes["herald.status"] = 200
                        return answer
                    } catch let error as ServiceError {
                        span?.attributes["herald.status"] = error.status
                        throw error
                    }
                }
                return Self.json(200, body)
            }
        }
        router.post("/v1/validate") { request, context in
            try await RequestDeadline.run(limits.requestDeadline, on: context.eventLoop, holding: context.place) {
                // The upload takes its bytes from the shared budget as they arrive, and gives
                // them back when its work has really ended (the lint thread, after a 504 too).
                let lease = uploads.lease(retryAfter: limits.retryAfterSeconds)
                let body = try await RequestBodyReader.bytes(request, limit: limits.uploadBytes) { try lease.take($0) }
                var query: [String: String] = [:]
                for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
                let answer = await ValidateUpload.respond(
                    body: body, contentType: request.headers[.contentType] ?? "", query: query,
                    limits: UploadLimits(maxTotalBytes: limits.uploadBytes), temporaryParent: uploadParent(), whenDone: { lease.release() })
                if answer.status != 200, let error = try? JSONParser.parse(bytes: answer.body)["error"] {
                    throw ServiceError(status: answer.status, code: error["code"]?.stringValue ?? "bad-upload", error["message"]?.stringValue ?? "")
                }
                return Self.response(answer.status, contentType: answer.contentType, answer.body)
            }
        }
        router.get("/v1/preview") { _, context in
            try await RequestDeadline.run(limits.requestDeadline, on: context.eventLoop, holding: context.place) {
                guard let generation = tables.current else { throw ServiceError.notReady(tables.status.lastFailure) }
                let runner = PreviewRunner(catalog: generation.catalog, timeZone: timeZone)
                let items = try await runner.examples(locales: PreviewRunner.locales(of: generation.catalog))
                return Self.response(200, contentType: "text/html; charset=utf-8", Array(PreviewRenderer.render(items, as: .html).utf8))
            }
        }
        router.get("/v1/locales") { _, _ in
            guard let generation = tables.current else { throw ServiceError.notReady(tables.status.lastFailure) }
            var out = JSONObject()
            out["locales"] = .array(PreviewRunner.locales(of: generation.catalog).map { .string($0.bcp47) })
            out["localizations"] = .array(generation.catalog.localizations.sorted().map { .string($0) })
            return Self.json(200, Array((JSONWriter.write(.object(out)) + "\n").utf8))
        }
        router.get("/healthz") { _, _ in
            Self.json(200, Array(#"{"status":"ok"}"#.utf8) + [0x0A])
        }
        router.get("/readyz") { _, _ in
            // Ready: tables are loaded and a single request would get a place now. A pod whose
            // places are all taken says so, and its orchestrator sends new work elsewhere.
            let status = tables.status
            let saturated = admission.inFlight >= admission.limit
            var out = JSONObject()
            out["ready"] = .bool(status.current != nil && !saturated)
            if let generation = status.current { out["generation"] = .int(generation.number) }
            out["tables"] = .string(tables.directory == nil ? "embedded" : "folder")
            out["reloads"] = .int(status.reloads)
            out["failedReloads"] = .int(status.failedReloads)
            out["inFlight"] = .int(admission.inFlight)
            out["saturated"] = .bool(saturated)
            if let failure = status.lastFailure { out["lastReloadError"] = .string(paths.scrub(failure)) }
            return Self.json(status.current == nil || saturated ? 503 : 200, Array((JSONWriter.write(.object(out)) + "\n").utf8))
        }
        router.get("/metrics") { _, _ in
            Self.response(200, contentType: "text/plain; version=0.0.4", metrics.exposition())
        }
    }

    /// `body` as a span named `name`, a child of the request's (Hummingbird's
    /// `TracingMiddleware`), when tracing is on; else `body` alone, with no span made.
    static func traced<T: Sendable>(_ tracing: Bool, _ name: String, _ body: (_ span: (any Span)?) async throws -> T) async throws -> T {
        guard tracing else { return try await body(nil) }
        return try await withSpan(name, ofKind: .internal) { span in try await body(span) }
    }

    static func json(_ status: Int, _ body: [UInt8]) -> Response {
        response(status, contentType: "application/json", body)
    }

    static func response(_ status: Int, contentType: String, _ body: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
