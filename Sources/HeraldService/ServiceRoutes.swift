import HeraldJSON
import Hummingbird
import Tracing

/// The routes of `herald serve` (Docs/service.md, Docs/openapi.json), laid out as Hummingbird's
/// own examples lay out an application: what every request goes through on the router
/// (`ServiceMiddleware`, tracing when on); the probes and the metrics on the root; the API in
/// a `/v1` group carrying the bearer token, then the batches' in-flight bound, or the single
/// requests' bound and their deadline (`DeadlineGroup`); one route collection per endpoint.
/// A new route goes into its endpoint's collection (or a new one added here) and
/// Docs/openapi.json.
struct ServiceRoutes: Sendable {
    let tables: LiveTables
    let metrics: ServiceMetrics
    let limits: ServiceLimits
    let timeZone: String
    /// Whether the work of a render or a format is a span of its own, under the request's.
    let tracing: Bool
    let authentication: ServiceAuthentication?
    /// The single requests' places (also read by `/readyz`), and the batches'.
    let admission: Admission
    let batchAdmission: Admission
    /// What `/v1/validate` uploads hold together.
    let uploads: UploadBudget
    /// Where uploads are unpacked.
    let uploadParent: @Sendable () -> String
    /// The server's folders, kept out of answers.
    let paths: ServerPaths

    /// The router, built once.
    func router() -> Router<ServiceContext> {
        let router = Router(context: ServiceContext.self)
        if tracing {
            // Outermost, so that its span sees every answer as sent (errors, 503s) and the
            // request id the middleware below echoes.
            router.add(middleware: TracingMiddleware(recordingHeaders: [.requestID]))
        }
        router.add(middleware: ServiceMiddleware(metrics: metrics))
        router.addRoutes(ProbeRoutes(tables: tables, admission: admission, metrics: metrics, paths: paths).routes)

        let v1 = router.group("v1")
        if let authentication { v1.add(middleware: AuthenticationMiddleware(authentication: authentication)) }
        v1.group()
            .add(middleware: AdmissionMiddleware(
                admission: batchAdmission, what: "batches", metrics: metrics, retryAfterSeconds: limits.retryAfterSeconds))
            .addRoutes(BatchEndpoint(tables: tables, metrics: metrics, paths: paths).routes)
        let single = DeadlineGroup(
            parent: v1.group().add(middleware: AdmissionMiddleware(
                admission: admission, what: "requests", metrics: metrics, retryAfterSeconds: limits.retryAfterSeconds)),
            limit: limits.requestDeadline)
        single.addRoutes(RenderEndpoint(tables: tables, metrics: metrics, paths: paths).routes(bodyBytes: limits.bodyBytes, tracing: tracing))
        single.addRoutes(FormatEndpoint(tables: tables, timeZone: timeZone).routes(bodyBytes: limits.bodyBytes, tracing: tracing))
        single.addRoutes(ValidateEndpoint(limits: limits, uploads: uploads, uploadParent: uploadParent).routes)
        single.addRoutes(CatalogEndpoints(tables: tables, timeZone: timeZone).routes)
        return router
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

    static func json(_ status: Int, _ object: JSONObject) -> Response {
        json(status, Array((JSONWriter.write(.object(object)) + "\n").utf8))
    }

    static func response(_ status: Int, contentType: String, _ body: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
