import Foundation
import HeraldDiagnostics
import Hummingbird
import Logging

/// What every request goes through (Docs/service.md): its id, its log line, its metrics, the
/// bearer token (when one is configured), the in-flight bounds (503 with `Retry-After` past
/// them: one for single requests, one for batches; probes and `/metrics` are never refused),
/// and the one error shape for whatever went wrong.
struct ServiceMiddleware: RouterMiddleware {
    typealias Context = ServiceContext

    let admission: Admission
    /// The places of `/v1/render/batch`, apart from `admission`'s.
    let batchAdmission: Admission
    let authentication: ServiceAuthentication?
    let metrics: ServiceMetrics
    let retryAfterSeconds: Int
    /// The routes by path, each with its metric handles (a raw path is never a label).
    let routes: [String: Route]
    /// Where a path that is no route is counted.
    let other: Route

    /// A route's label, whether the in-flight bound may refuse it, and its metrics.
    struct Route: Sendable {
        let metrics: ServiceMetrics.Route
        let alwaysAnswered: Bool
        let batch: Bool
    }

    /// Paths the in-flight bound never refuses: the orchestrator's probes and the scraper.
    static let alwaysAnswered: Set<String> = ["/healthz", "/readyz", "/metrics"]

    /// The batch route, whose places are `batchAdmission`'s.
    static let batchRoute = "/v1/render/batch"

    init(
        admission: Admission, batchAdmission: Admission, authentication: ServiceAuthentication?, metrics: ServiceMetrics,
        retryAfterSeconds: Int, routes: Set<String>
    ) {
        self.admission = admission
        self.batchAdmission = batchAdmission
        self.authentication = authentication
        self.metrics = metrics
        self.retryAfterSeconds = retryAfterSeconds
        var table: [String: Route] = [:]
        for path in routes {
            table[path] = Route(
                metrics: metrics.route(path), alwaysAnswered: Self.alwaysAnswered.contains(path), batch: path == Self.batchRoute)
        }
        self.routes = table
        other = Route(metrics: metrics.route("other"), alwaysAnswered: false, batch: false)
    }

    func handle(_ request: Request, context: ServiceContext, next: (Request, ServiceContext) async throws -> Response) async throws -> Response {
        var context = context
        let id = Self.requestID(request.headers[.requestID], made: context)
        context.requestID = id
        let path = request.uri.path
        let route = routes[path] ?? other
        let start = ContinuousClock.now
        var place: Admission.Place?
        var response: Response
        if !route.alwaysAnswered, let authentication, !authentication.accepts(request.headers[.authorization]) {
            var refused = ServiceError(
                status: 401, code: "unauthorized", "this server needs a bearer token: Authorization: Bearer <token>"
            ).response(requestID: id)
            refused.headers[.wwwAuthenticate] = "Bearer"
            return finish(refused, id: id, route: route, request: request, context: context, start: start, place: nil)
        }
        if !route.alwaysAnswered {
            let bound = route.batch ? batchAdmission : admission
            guard let taken = bound.enter() else {
                metrics.overloaded()
                let what = route.batch ? "batches" : "requests"
                response = ServiceError(
                    status: 503, code: "overloaded", "more than \(bound.limit) \(what) are in flight; try again shortly",
                    retryAfter: retryAfterSeconds
                ).response(requestID: id)
                return finish(response, id: id, route: route, request: request, context: context, start: start, place: nil)
            }
            place = taken
            context.place = taken
        }
        do {
            response = try await next(request, context)
        } catch let error as ServiceError {
            response = error.response(requestID: id)
        } catch let error as HTTPError {
            let code = error.status == .notFound ? "not-found" : error.status == .methodNotAllowed ? "method-not-allowed" : "bad-request"
            let message = error.status == .notFound ? "no such route: \(request.method) \(Excerpt.quoted(path))" : error.status.reasonPhrase
            response = ServiceError(status: error.status.code, code: code, message).response(requestID: id)
        } catch {
            context.logger.error("request failed", metadata: ["request_id": .string(id), "error": "\(error)"])
            response = ServiceError(status: 500, code: "internal", "the request could not be answered").response(requestID: id)
        }
        return finish(response, id: id, route: route, request: request, context: context, start: start, place: place)
    }

    /// Echoes the id, logs and counts the answer; a streamed body gives its in-flight place
    /// back once it has been written.
    private func finish(
        _ response: Response, id: String, route: Route, request: Request, context: ServiceContext,
        start: ContinuousClock.Instant, place: Admission.Place?
    ) -> Response {
        var response = response
        response.headers[.requestID] = id
        let elapsed = ContinuousClock.now - start
        let method = request.method.rawValue
        let status = response.status.code
        route.metrics.request(method: method, status: status, duration: elapsed)
        // The access line: one per request, built only when info is logged.
        context.logger.info(
            "request",
            metadata: [
                "request_id": .string(id), "method": .string(method), "route": .string(route.metrics.label),
                "status": .stringConvertible(status), "duration_ms": .stringConvertible(elapsed.wholeMilliseconds),
            ])
        guard let place else { return response }
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            defer { place.release() }
            try await body.write(writer)
        }
        return response
    }

    /// The client's `X-Request-Id` when it is a sensible id (1–128 printable ASCII characters
    /// without spaces), else the id Hummingbird gave the request (a random per-process prefix
    /// and a counter, in hexadecimal): the id goes into logs and headers, so it is never
    /// arbitrary text.
    static func requestID(_ given: String?, made context: ServiceContext) -> String {
        if let given, (1...128).contains(given.utf8.count), given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return given }
        return context.id
    }
}

extension Duration {
    /// Whole milliseconds.
    var wholeMilliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
