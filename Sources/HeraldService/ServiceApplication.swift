import Foundation
import HeraldStage
public import Hummingbird
public import Logging
import HummingbirdCore
import NIOCore
public import ServiceLifecycle

/// `herald serve`: the tables, the routes, the middleware and the services (server, tables
/// watcher) under one `ServiceGroup`, which SIGTERM and SIGINT shut down gracefully — the
/// listener closes, requests in flight are answered, then the process ends.
public struct ServiceApplication: Sendable {
    public let configuration: ServiceConfiguration
    public let tables: LiveTables
    public let metrics = ServiceMetrics()
    let logger: Logger

    public init(configuration: ServiceConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        let stageConfiguration = configuration
        tables = LiveTables(directory: configuration.tablesDirectory) { catalog in
            Stage(configuration: Self.stageConfiguration(catalog, stageConfiguration))
        }
    }

    /// The stage's configuration for a catalog: the server's keys and sealing policy, no store
    /// (a request brings its own in `context`), no media fetched.
    static func stageConfiguration(_ catalog: any MessageCatalog, _ configuration: ServiceConfiguration) -> StageConfiguration {
        StageConfiguration(
            catalog: catalog, store: .none, keys: configuration.keysDirectory.map { .directory($0) } ?? .none,
            timeZone: configuration.timeZone, deadline: configuration.stageDeadline,
            sealingAlgorithms: configuration.sealingAlgorithms, allowUnsealed: configuration.allowUnsealed)
    }

    /// The router: every route, behind the middleware.
    func router() -> Router<ServiceContext> {
        let limits = configuration.limits
        let serviceRoutes = ServiceRoutes(
            tables: tables, metrics: metrics, limits: limits, timeZone: configuration.timeZone, tracing: configuration.tracing)
        // The routes added to a router of their own first, for their paths (the metrics' labels).
        let routes = Router(context: ServiceContext.self)
        serviceRoutes.add(to: routes)
        let router = Router(context: ServiceContext.self)
        let admission = Admission(limit: limits.maxInFlight) { [metrics] count in metrics.inFlight(count) }
        if configuration.tracing {
            // Outermost, so that its span sees every answer as sent (errors, 503s) and the
            // request id the middleware below echoes.
            router.add(middleware: TracingMiddleware(recordingHeaders: [.requestID]))
        }
        router.add(middleware: ServiceMiddleware(
            admission: admission, metrics: metrics, retryAfterSeconds: limits.retryAfterSeconds,
            routes: Set(routes.routes.map { "\($0.path)" })))
        serviceRoutes.add(to: router)
        return router
    }

    /// Every route the server answers, as `METHOD /path` (what the OpenAPI document is checked against).
    public var routes: [String] {
        router().routes.map { "\($0.method) \($0.path)" }.sorted()
    }

    /// The HTTP application; `onListening` gets the bound port.
    public func application(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let built = router()
        let limits = configuration.limits
        let readTimeout = TimeAmount.nanoseconds(Int64(limits.readTimeout.components.seconds) * 1_000_000_000
            + limits.readTimeout.components.attoseconds / 1_000_000_000)
        let idle = TimeAmount.nanoseconds(Int64(limits.idleTimeout.components.seconds) * 1_000_000_000
            + limits.idleTimeout.components.attoseconds / 1_000_000_000)
        let portFile = configuration.portFile
        let logger = logger
        return Application(
            router: built,
            server: .http1(configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [ReadTimeoutHandler(timeout: readTimeout)], idleTimeout: idle)),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "herald"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                logger.info("listening", metadata: ["address": "\(channel.localAddress.map { "\($0)" } ?? "?")"])
                if let portFile {
                    try? Data("\(port)\n".utf8).write(to: URL(fileURLWithPath: portFile + ".partial"))
                    _ = rename(portFile + ".partial", portFile)
                }
                await onListening(port)
            },
            logger: logger)
    }

    /// Loads the tables (not ready until they load), then serves until SIGTERM or SIGINT
    /// (or the task is cancelled). `alongside` run in the same group and stop after the
    /// server (a span exporter, which flushes what the last requests recorded).
    public func run(alongside: [any Service] = [], onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        if let failure = tables.reload() {
            metrics.tableReload(succeeded: false)
            logger.error("tables not loaded; /readyz answers 503 until a reload succeeds", metadata: ["problem": "\(failure)"])
        } else {
            logger.info("tables loaded", metadata: ["tables": "\(tables.directory ?? "(embedded)")"])
        }
        let watcher = TablesWatcher(tables: tables, interval: configuration.watchInterval, metrics: metrics, logger: logger)
        // The group stops its services last to first: the log flusher comes first, so it stops
        // last, after the requests in flight are logged and `alongside` has stopped.
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [.init(service: LogFlusher(sink: configuration.logSink, interval: .milliseconds(250)))]
                + alongside.map { .init(service: $0) }
                + [
                    .init(service: application(onListening: onListening)),
                    .init(service: watcher, successTerminationBehavior: .gracefullyShutdownGroup),
                ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        defer { configuration.logSink.flush() }
        try await group.run()
    }
}
