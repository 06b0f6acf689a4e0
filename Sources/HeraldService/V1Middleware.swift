import Hummingbird

/// What the `/v1` group carries (Docs/service.md, "Limits", Docs/security.md): the bearer
/// token, when one is configured. The probes and `/metrics` are on the root, outside it.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = ServiceContext
    let authentication: ServiceAuthentication

    func handle(_ request: Request, context: ServiceContext, next: (Request, ServiceContext) async throws -> Response) async throws -> Response {
        guard authentication.accepts(request.headers[.authorization]) else {
            var refused = ServiceError(
                status: 401, code: "unauthorized", "this server needs a bearer token: Authorization: Bearer <token>"
            ).response(requestID: context.requestID)
            refused.headers[.wwwAuthenticate] = "Bearer"
            return refused
        }
        return try await next(request, context)
    }
}

/// An in-flight bound on the routes of its group (503 with `Retry-After` past it): one for
/// single requests, one for batches. The request's place is in its context (its deadline's
/// work holds it too) and is given back once the answer has been written — a streamed body
/// to its end.
struct AdmissionMiddleware: RouterMiddleware {
    typealias Context = ServiceContext
    let admission: Admission
    /// What the bound counts, as a refusal says it (`requests`, `batches`).
    let what: String
    let metrics: ServiceMetrics
    let retryAfterSeconds: Int

    func handle(_ request: Request, context: ServiceContext, next: (Request, ServiceContext) async throws -> Response) async throws -> Response {
        guard let place = admission.enter() else {
            metrics.overloaded()
            throw ServiceError(
                status: 503, code: "overloaded", "more than \(admission.limit) \(what) are in flight; try again shortly",
                retryAfter: retryAfterSeconds)
        }
        var context = context
        context.place = place
        var response: Response
        do { response = try await next(request, context) } catch {
            place.release()
            throw error
        }
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            defer { place.release() }
            try await body.write(writer)
        }
        return response
    }
}

/// The routes of a group answered within the request deadline (`RequestDeadline`): each
/// route's responder is wrapped as it is added, so a route added here needs nothing of its
/// own. (A `RouterMiddleware` cannot do it: its `next` may not outlive the call, and a 504 is
/// answered while the work it cancelled may still be ending.)
struct DeadlineGroup: RouterMethods {
    typealias Context = ServiceContext
    let parent: RouterGroup<ServiceContext>
    let limit: Duration

    @discardableResult func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == ServiceContext {
        parent.on(path, method: method, responder: DeadlineResponder(responder: responder, limit: limit))
        return self
    }

    @discardableResult func add(middleware: any MiddlewareProtocol<Request, Response, ServiceContext>) -> Self {
        parent.add(middleware: middleware)
        return self
    }
}

/// One route's responder under the request deadline.
struct DeadlineResponder<Wrapped: HTTPResponder>: HTTPResponder where Wrapped.Context == ServiceContext {
    let responder: Wrapped
    let limit: Duration

    func respond(to request: Request, context: ServiceContext) async throws -> Response {
        let responder = responder
        return try await RequestDeadline.run(limit, on: context.eventLoop, holding: context.place) {
            try await responder.respond(to: request, context: context)
        }
    }
}
