import Hummingbird

/// `POST /v1/validate` (`ValidateUpload`): translation tables in the body, `herald validate`'s
/// report out.
struct ValidateEndpoint: Sendable {
    let limits: ServiceLimits
    /// What uploads hold together.
    let uploads: UploadBudget
    /// Where uploads are unpacked.
    let uploadParent: @Sendable () -> String

    var routes: RouteCollection<ServiceContext> {
        let limits = limits, uploads = uploads, uploadParent = uploadParent
        return RouteCollection(context: ServiceContext.self).post("validate") { request, _ in
            // The upload takes its bytes from the shared budget as they arrive, and gives
            // them back when its work has really ended (the lint, after a 504 too).
            let lease = uploads.lease(retryAfter: limits.retryAfterSeconds)
            let body = try await RequestBodyReader.bytes(request, limit: limits.uploadBytes) { try lease.take($0) }
            var query: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
            let report = try await ValidateUpload.respond(
                body: body, contentType: request.headers[.contentType] ?? "", query: query,
                limits: UploadLimits(maxTotalBytes: limits.uploadBytes), temporaryParent: uploadParent(), whenDone: { lease.release() }
            ).get()
            return ServiceRoutes.response(200, contentType: report.contentType, report.body)
        }
    }
}
