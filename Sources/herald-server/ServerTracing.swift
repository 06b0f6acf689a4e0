import Foundation
import HeraldService
import Logging
import ServiceLifecycle

#if OpenTelemetry
import OTel
import Tracing
#endif

/// Tracing for `herald serve` (Docs/service.md, "Tracing"): with the OpenTelemetry trait, spans
/// are exported over OTLP/HTTP (protobuf) by swift-otel. Off unless an endpoint is named, by
/// `--otel-endpoint` or the standard `OTEL_EXPORTER_OTLP_ENDPOINT` /
/// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`; `OTEL_SDK_DISABLED=true` keeps it off.
enum ServerTracing {
    /// Whether this herald-server was built with the exporter (`--traits OpenTelemetry`).
    static var isBuiltIn: Bool {
        #if OpenTelemetry
        return true
        #else
        return false
        #endif
    }

    static let endpointVariables = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"]

    /// The problem with an `--otel-endpoint` value, or nil: an http(s) URL with a host, no
    /// query or fragment (the exporter adds `/v1/traces` to its path).
    static func problem(endpoint: String) -> String? {
        guard let url = URLComponents(string: endpoint), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else { return "expected an http:// or https:// URL such as http://127.0.0.1:4318" }
        guard url.query == nil, url.fragment == nil else { return "the URL has a query or fragment" }
        return nil
    }

    /// The endpoint as it may be logged: a user and password in it are left out.
    static func withoutCredentials(_ endpoint: String) -> String {
        guard var url = URLComponents(string: endpoint) else { return "(not a URL)" }
        url.user = nil
        url.password = nil
        return url.string ?? "(not a URL)"
    }

    /// Whether spans are to be exported: an endpoint is named, by the flag or the environment,
    /// and the environment does not disable the SDK.
    static func isRequested(endpoint: String?, environment: [String: String]) -> Bool {
        if environment["OTEL_SDK_DISABLED"]?.lowercased() == "true" { return false }
        if environment["OTEL_TRACES_EXPORTER"]?.lowercased() == "none" { return false }
        return endpoint != nil || endpointVariables.contains { !(environment[$0] ?? "").isEmpty }
    }

    /// Starts exporting: the tracer becomes the process's (`InstrumentationSystem`), and the
    /// returned service — which sends spans in batches and, when the server stops, the rest —
    /// runs beside the server. `endpoint` is the collector's base URL; the standard OTEL_*
    /// variables override what is set here, as in every OpenTelemetry SDK.
    static func start(endpoint: String?) throws -> any Service {
        #if OpenTelemetry
        var configuration = OTel.Configuration.default
        configuration.serviceName = "herald"
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.enabled = true
        configuration.traces.exporter = .otlp
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        if let endpoint {
            configuration.traces.otlpExporter.endpoint = endpoint.hasSuffix("/") ? endpoint + "v1/traces" : endpoint + "/v1/traces"
        }
        configuration.diagnosticLogger = .custom(Logger(label: "herald.otel") { label in
            ExporterLogHandler(inner: ServiceLogHandler(label: label, level: .warning))
        })
        configuration.diagnosticLogLevel = .warning
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        InstrumentationSystem.bootstrap(backend.factory)
        return backend.service
        #else
        throw NotBuiltIn()
        #endif
    }

    #if OpenTelemetry
    /// The exporter's own log lines (a failed export, a dropped batch), at `warning` and above,
    /// without the values it read from the environment: `OTEL_EXPORTER_OTLP_HEADERS` carries
    /// credentials, and swift-otel logs each variable's value as metadata.
    struct ExporterLogHandler: LogHandler {
        var inner: any LogHandler
        static let withheld: Set<String> = ["environment_value", "previous_value", "new_value"]

        var logLevel: Logger.Level {
            get { inner.logLevel }
            set { inner.logLevel = newValue }
        }
        var metadata: Logger.Metadata {
            get { inner.metadata }
            set { inner.metadata = newValue.filter { !Self.withheld.contains($0.key) } }
        }
        var metadataProvider: Logger.MetadataProvider? {
            get { inner.metadataProvider }
            set { inner.metadataProvider = newValue }
        }
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { inner[metadataKey: key] }
            set { if !Self.withheld.contains(key) { inner[metadataKey: key] = newValue } }
        }
        func log(event: LogEvent) {
            var event = event
            event.metadata = event.metadata?.filter { !Self.withheld.contains($0.key) }
            inner.log(event: event)
        }
    }
    #endif

    struct NotBuiltIn: Error, CustomStringConvertible {
        var description: String {
            "this herald-server was built without tracing; build it with `swift build --traits OpenTelemetry --product herald-server`"
        }
    }
}
