import Foundation
import HeraldDiagnostics
import HeraldSync
import Hummingbird
import Logging

/// What every request goes through (Docs/service.md), on the router itself: its id, its log
/// line, its metrics — labelled by the route that matched (`context.endpointPath`, a route's
/// pattern, never the raw path; `other` when none did) — and the one error shape for whatever
/// went wrong. The bearer token and the in-flight bounds are the `/v1` group's
/// (`AuthenticationMiddleware`, `AdmissionMiddleware`).
struct ServiceMiddleware: RouterMiddleware {
    typealias Context = ServiceContext

    let metrics: ServiceMetrics
    /// Each route's metric handles, by its pattern, made on first use (the router's routes
    /// are a closed set, so this never grows past them).
    private let routes = Locked<[String: ServiceMetrics.Route]>([:])
    /// Where a request that matched no route is counted.
    private let other: ServiceMetrics.Route

    init(metrics: ServiceMetrics) {
        self.metrics = metrics
        other = metrics.route("other")
    }

    /// The handles of the route that matched (set by the router before its middleware runs).
    func route(_ context: ServiceContext) -> ServiceMetrics.Route {
        guard let path = context.endpointPath, path != "NotFound" else { return other }
        let metrics = metrics
        return routes.withLock { made in
            if let route = made[path] { return route }
            let route = metrics.route(path)
            made[path] = route
            return route
        }
    }

    func handle(_ request: Request, context: ServiceContext, next: (Request, ServiceContext) async throws -> Response) async throws -> Response {
        var context = context
        let id = Self.requestID(request.headers[.requestID], made: context)
        context.requestID = id
        let route = route(context)
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as ServiceError {
            response = error.response(requestID: id)
        } catch let error as HTTPError {
            let code = error.status == .notFound ? "not-found" : error.status == .methodNotAllowed ? "method-not-allowed" : "bad-request"
            let message = error.status == .notFound ? "no such route: \(request.method) \(Excerpt.quoted(request.uri.path))" : error.status.reasonPhrase
            response = ServiceError(status: error.status.code, code: code, message).response(requestID: id)
        } catch {
            context.logger.error("request failed", metadata: ["request_id": .string(id), "error": "\(error)"])
            response = ServiceError(status: 500, code: "internal", "the request could not be answered").response(requestID: id)
        }
        return finish(response, id: id, route: route, request: request, context: context, start: start)
    }

    /// Echoes the id, logs and counts the answer.
    private func finish(
        _ response: Response, id: String, route: ServiceMetrics.Route, request: Request, context: ServiceContext,
        start: ContinuousClock.Instant
    ) -> Response {
        var response = response
        response.headers[.requestID] = id
        let elapsed = ContinuousClock.now - start
        let method = request.method.rawValue
        let status = response.status.code
        route.request(method: method, status: status, duration: elapsed)
        // The access line: one per request, built only when info is logged.
        context.logger.info(
            "request",
            metadata: [
                "request_id": .string(id), "method": .string(method), "route": .string(route.label),
                "status": .stringConvertible(status), "duration_ms": .stringConvertible(elapsed.wholeMilliseconds),
            ])
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
