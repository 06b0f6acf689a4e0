import Foundation
import HeraldDiagnostics
import Hummingbird
import Logging

/// What every request goes through (Docs/service.md): its id, its log line, its metrics, the
/// in-flight bound (503 with `Retry-After` past it; probes and `/metrics` are never refused),
/// and the one error shape for whatever went wrong.
struct ServiceMiddleware: RouterMiddleware {
    typealias Context = ServiceContext

    let admission: Admission
    let metrics: ServiceMetrics
    let retryAfterSeconds: Int
    /// The route patterns, for metric labels (a raw path is never a label).
    let routes: Set<String>

    /// Paths the in-flight bound never refuses: the orchestrator's probes and the scraper.
    static let alwaysAnswered: Set<String> = ["/healthz", "/readyz", "/metrics"]

    func handle(_ request: Request, context: ServiceContext, next: (Request, ServiceContext) async throws -> Response) async throws -> Response {
        var context = context
        let id = Self.requestID(request.headers[.requestID])
        context.requestID = id
        context.logger[metadataKey: "request_id"] = .string(id)
        let path = request.uri.path
        let route = routes.contains(path) ? path : "other"
        let start = ContinuousClock.now
        var admitted = false
        var response: Response
        if !Self.alwaysAnswered.contains(path) {
            if let count = admission.enter() {
                admitted = true
                metrics.inFlight(count)
            } else {
                metrics.overloaded()
                response = ServiceError(
                    status: 503, code: "overloaded", "more than \(admission.limit) requests are in flight; try again shortly",
                    retryAfter: retryAfterSeconds
                ).response(requestID: id)
                return finish(response, id: id, route: route, request: request, context: context, start: start, admitted: false)
            }
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
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            response = ServiceError(status: 500, code: "internal", "the request could not be answered").response(requestID: id)
        }
        return finish(response, id: id, route: route, request: request, context: context, start: start, admitted: admitted)
    }

    /// Echoes the id, logs and counts the answer; a streamed body gives its in-flight place
    /// back once it has been written.
    private func finish(
        _ response: Response, id: String, route: String, request: Request, context: ServiceContext,
        start: ContinuousClock.Instant, admitted: Bool
    ) -> Response {
        var response = response
        response.headers[.requestID] = id
        let elapsed = ContinuousClock.now - start
        metrics.request(route: route, method: request.method.rawValue, status: response.status.code, duration: elapsed)
        context.logger.info(
            "request", metadata: ["method": "\(request.method)", "route": "\(route)", "status": "\(response.status.code)", "duration_ms": "\(elapsed.wholeMilliseconds)"])
        guard admitted else { return response }
        let body = response.body
        let admission = admission
        let metrics = metrics
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            defer { metrics.inFlight(admission.leave()) }
            try await body.write(writer)
        }
        return response
    }

    /// The client's `X-Request-Id` when it is a sensible id (1–128 printable ASCII characters
    /// without spaces), else a new UUID: the id goes into logs and headers, so it is never
    /// arbitrary text.
    static func requestID(_ given: String?) -> String {
        if let given, (1...128).contains(given.utf8.count), given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return given }
        return UUID().uuidString.lowercased()
    }
}

extension Duration {
    /// Whole milliseconds.
    var wholeMilliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
