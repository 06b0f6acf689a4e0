import Foundation
import HeraldStage
import HeraldSync
public import Hummingbird
public import Logging
import HummingbirdCore
import HummingbirdTLS
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
    /// The places of single requests and of batches.
    let admission: Admission
    let batchAdmission: Admission
    /// The open connections.
    let connections: ConnectionLimit
    /// What `/v1/validate` uploads hold together.
    let uploads: UploadBudget
    /// This process's folder for uploads (set by `run`; until then uploads go below the
    /// configured temporary folder itself).
    let uploadFolder = Locked<String?>(nil)

    public init(configuration: ServiceConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        let metrics = metrics
        admission = Admission(limit: configuration.limits.maxInFlight) { count in metrics.inFlight(count) }
        batchAdmission = Admission(limit: configuration.limits.maxBatches) { count in metrics.batchesInFlight(count) }
        connections = ConnectionLimit(limit: configuration.limits.maxConnections) { count in metrics.connections(count) }
        uploads = UploadBudget(limit: configuration.limits.uploadBudgetBytes)
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

    /// The router: every route, behind the middleware (`ServiceRoutes`).
    func router() -> Router<ServiceContext> {
        let uploadFolder = uploadFolder, temporaryParent = configuration.temporaryParent
        return ServiceRoutes(
            tables: tables, metrics: metrics, limits: configuration.limits, timeZone: configuration.timeZone,
            tracing: configuration.tracing, authentication: configuration.authentication,
            admission: admission, batchAdmission: batchAdmission, uploads: uploads,
            uploadParent: { uploadFolder.withLock { $0 } ?? temporaryParent },
            paths: ServerPaths(keys: configuration.keysDirectory, tables: configuration.tablesDirectory)
        ).router()
    }

    /// Every route the server answers, as `METHOD /path` (what the OpenAPI document is checked against).
    public var routes: [String] {
        router().routes.map { "\($0.method) \($0.path)" }.sorted()
    }

    /// The HTTP application; `onListening` gets the bound port.
    /// Throws when the configuration is out of range (`ServiceConfiguration.problems`).
    public func application(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        let problems = configuration.problems()
        guard problems.isEmpty else { throw ServiceError(status: 500, code: "bad-configuration", problems.joined(separator: "; ")) }
        let built = router()
        let limits = configuration.limits
        let readTimeout = TimeAmount(limits.readTimeout)
        let idle = TimeAmount(limits.idleTimeout)
        let window = TimeAmount(limits.rateWindow)
        let portFile = configuration.portFile
        let logger = logger
        let connections = connections, metrics = metrics
        let http1 = HTTPServerBuilder.http1(configuration: HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                ConnectionLimitHandler(limit: connections),
                ReadTimeoutHandler(
                    timeout: readTimeout, minimumRate: limits.minBodyRate, window: window, closedSlow: { metrics.slowClientClosed() }),
            ],
            idleTimeout: idle))
        let server = try configuration.tls.map { try HTTPServerBuilder.tls(http1, tlsConfiguration: $0.configuration) } ?? http1
        return Application(
            router: built,
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "herald",
                availableConnectionsDelegate: ConnectionAcceptance(connections: connections)),
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
        let server = try application(onListening: onListening)
        let folder = UploadFolder.make(below: configuration.temporaryParent)
        uploadFolder.withLock { $0 = folder?.path }
        // Whatever ends the server — a graceful stop, an error, a cancelled task — the
        // uploads' folder goes, with any upload a lint thread still holds; the log is
        // written out last.
        defer {
            folder?.remove()
            configuration.logSink.flush()
        }
        if let failure = tables.reload() {
            metrics.tableReload(succeeded: false)
            logger.error("tables not loaded; /readyz answers 503 until a reload succeeds", metadata: ["problem": "\(failure)"])
        } else {
            logger.info("tables loaded", metadata: ["tables": "\(tables.directory ?? "(embedded)")"])
        }
        let watcher = TablesWatcher(tables: tables, interval: configuration.watchInterval, metrics: metrics, logger: logger)
        // The group stops its services last to first: the log flusher comes first, so it stops
        // last, after the requests in flight are logged and `alongside` has stopped.
        var groupConfiguration = ServiceGroupConfiguration(
            services: [.init(service: LogFlusher(sink: configuration.logSink, interval: .milliseconds(250)))]
                + alongside.map { .init(service: $0) }
                + [
                    .init(service: server),
                    .init(service: watcher, successTerminationBehavior: .gracefullyShutdownGroup),
                ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // A graceful shutdown is bounded: batches are told to stop at once (each ends with a
        // line saying so), requests in flight get `shutdownGrace`; then what is left is
        // cancelled, and whatever still does not end is given up a second later.
        groupConfiguration.maximumGracefulShutdownDuration = configuration.limits.shutdownGrace
        groupConfiguration.maximumCancellationDuration = .seconds(1)
        try await ServiceGroup(configuration: groupConfiguration).run()
    }
}
