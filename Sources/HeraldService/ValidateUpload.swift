import HeraldJSON

/// What an upload to `POST /v1/validate` may hold.
public struct UploadLimits: Sendable {
    public init() {}
}

/// `POST /v1/validate`: translation tables uploaded as a tar or multipart body → the linter's
/// report. Not implemented in this build: every upload is answered 501 with the one error shape.
public enum ValidateUpload {
    public static func respond(
        body: [UInt8], contentType: String, query: [String: String], limits: UploadLimits
    ) async -> (status: Int, contentType: String, body: [UInt8]) {
        let error = ServiceError(status: 501, code: "not-implemented", "validating uploaded tables is not available in this build")
        return (501, "application/json", error.body(requestID: nil))
    }
}
