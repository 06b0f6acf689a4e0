import HTTPTypes
public import Hummingbird
import NIOCore

/// The request context of `herald serve`: Hummingbird's, plus the request's id (from
/// `X-Request-Id`, else made here), which every log line, error body and response carries.
public struct ServiceContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The request's id.
    public var requestID: String = ""
    /// The request's place under the in-flight bound (nil for the probes and `/metrics`).
    var place: Admission.Place?

    /// The event loop of the request's connection (where its deadline's clock runs).
    let eventLoop: any EventLoop

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        eventLoop = source.channel.eventLoop
    }
}

extension HTTPField.Name {
    static let requestID = HTTPField.Name("X-Request-Id")!
}
