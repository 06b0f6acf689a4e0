import ArgumentParser
import Foundation
import HeraldCommandLine
import HeraldICU
import HeraldSealing
import HeraldService
import HeraldStageOptions
import Logging
import ServiceLifecycle

/// `herald-server` (`herald serve`): Herald as an HTTP service (Docs/service.md).
@main
struct HeraldServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald serve",
        abstract: "Serve rendering, formatting and validation over HTTP.",
        discussion: """
            Routes: POST /v1/render, /v1/render/batch, /v1/format, /v1/validate; GET /v1/preview, /v1/locales, \
            /healthz, /readyz, /metrics (Docs/service.md; the OpenAPI document is Docs/openapi.json). \
            SIGHUP reloads the tables (so does a change under --tables); SIGTERM or SIGINT stops taking \
            connections, answers the requests in flight and exits 0.
            """)

    /// Every error leaves through `CommandMain`: argument errors exit 2, as herald's do.
    static func main() async {
        await CommandMain.run(self, program: "herald-server")
    }

    @Option(help: "The port to listen on (0: any free port, see --port-file).") var port: Int = 8080
    @Option(help: "The address to listen on (default loopback; 0.0.0.0 for every interface).") var host: String = "127.0.0.1"
    /// --tables, --keys, --time-zone, --deadline-ms and the sealing flags, as herald and herald worker take them.
    @OptionGroup var stage: StageOptions<ServerStageRole>
    @Option(name: .customLong("request-deadline-ms"), help: "Deadline of a non-streamed request, body read included (504 past it).")
    var requestDeadlineMilliseconds: Int = 30_000
    @Option(name: .customLong("max-body-bytes"), help: "Largest body of /v1/render and /v1/format (413 past it).") var maxBodyBytes: Int = 1 << 20
    @Option(name: .customLong("max-in-flight"), help: "Requests answered at once; more are refused with 503 and Retry-After.") var maxInFlight: Int = 64
    @Option(name: .customLong("idle-timeout-s"), help: "Seconds a keep-alive connection may wait for its next request.") var idleTimeoutSeconds: Int = 60
    @Option(name: .customLong("read-timeout-s"), help: "Seconds a connection may send and receive nothing inside a request.") var readTimeoutSeconds: Int = 60
    @Option(name: .customLong("max-batches"), help: "Batches (/v1/render/batch) answered at once, apart from --max-in-flight; more are refused with 503.")
    var maxBatches: Int = 8
    @Option(name: .customLong("min-body-rate"), help: "Bytes a second a request's body must move (or a batch's answers), over each --rate-window-s; a slower connection is closed. 0: no minimum.")
    var minBodyRate: Int = 1024
    @Option(name: .customLong("rate-window-s"), help: "The window --min-body-rate is measured over, in seconds.") var rateWindowSeconds: Int = 10
    @Option(name: .customLong("max-connections"), help: "Connections open at once (below the open-file limit less 64; default 512, or that when lower); past it the oldest idle one is closed.")
    var maxConnections: Int?
    @Option(name: .customLong("max-upload-bytes"), help: "Largest upload to /v1/validate (413 past it).") var maxUploadBytes: Int = 16 << 20
    @Option(name: .customLong("upload-budget-bytes"), help: "Bytes all /v1/validate uploads may hold at once; past it an upload is refused with 503.")
    var uploadBudgetBytes: Int = 48 << 20
    @Option(name: .customLong("shutdown-grace-s"), help: "Seconds a graceful shutdown (SIGTERM) may take before what is left is cancelled.")
    var shutdownGraceSeconds: Int = 20
    @Option(name: .customLong("token-file"), help: "A file of bearer tokens (one a line) the /v1 routes require (HERALD_SERVE_TOKEN also sets one).")
    var tokenFile: String?
    @Option(name: .customLong("tls-cert"), help: "PEM certificate chain: serve HTTPS (with --tls-key).") var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: "PEM private key of --tls-cert.") var tlsKey: String?
    @Option(name: .customLong("tls-client-ca"), help: "PEM roots a client certificate must chain to (mutual TLS; needs --tls-cert).")
    var tlsClientCA: String?
    @Option(name: .customLong("watch-interval-ms"), help: "How often the --tables tree is checked for changes (0: only SIGHUP reloads).")
    var watchIntervalMilliseconds: Int = 2_000
    @Option(help: "Write the bound port to this file once listening (for --port 0).") var portFile: String?
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.") var logLevel: String = "info"
    @Option(help: """
        Export a span per request to this OpenTelemetry collector (OTLP/HTTP, e.g. http://127.0.0.1:4318; \
        OTEL_EXPORTER_OTLP_ENDPOINT also turns it on). Needs a herald-server built with --traits OpenTelemetry.
        """)
    var otelEndpoint: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, found \(port)") }
        do { try DeadlineOption.check(requestDeadlineMilliseconds, minimum: 1, flag: "--request-deadline-ms") } catch {
            throw ValidationError(error.description)
        }
        guard maxBodyBytes > 0, maxInFlight > 0 else { throw ValidationError("--max-body-bytes and --max-in-flight must be positive") }
        for (value, flag) in [
            (idleTimeoutSeconds, "--idle-timeout-s"), (readTimeoutSeconds, "--read-timeout-s"), (rateWindowSeconds, "--rate-window-s"),
            (shutdownGraceSeconds, "--shutdown-grace-s"),
        ] where !(1...86_400).contains(value) {
            throw ValidationError("\(flag) must be 1…86400 (a day), found \(value)")
        }
        guard (0...86_400_000).contains(watchIntervalMilliseconds) else { throw ValidationError("--watch-interval-ms must be 0…86400000") }
        guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together") }
        guard tlsClientCA == nil || tlsCert != nil else { throw ValidationError("--tls-client-ca needs --tls-cert and --tls-key") }
        let problems = limits.problems(fileLimit: ServiceLimits.openFileLimit())
        guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "; ")) }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level \(logLevel): expected trace, debug, info, notice, warning, error or critical") }
        if let otelEndpoint {
            guard ServerTracing.isBuiltIn else { throw ValidationError("--otel-endpoint: \(ServerTracing.NotBuiltIn())") }
            if let problem = ServerTracing.problem(endpoint: otelEndpoint) { throw ValidationError("--otel-endpoint \(otelEndpoint): \(problem)") }
        }
    }

    /// The limits the flags give.
    var limits: ServiceLimits {
        var limits = ServiceLimits()
        limits.requestDeadline = .milliseconds(requestDeadlineMilliseconds)
        limits.bodyBytes = maxBodyBytes
        limits.maxInFlight = maxInFlight
        limits.maxBatches = maxBatches
        limits.minBodyRate = minBodyRate
        limits.rateWindow = .seconds(rateWindowSeconds)
        if let maxConnections { limits.maxConnections = maxConnections }
        limits.uploadBytes = maxUploadBytes
        limits.uploadBudgetBytes = uploadBudgetBytes
        limits.shutdownGrace = .seconds(shutdownGraceSeconds)
        limits.idleTimeout = .seconds(idleTimeoutSeconds)
        limits.readTimeout = .seconds(readTimeoutSeconds)
        return limits
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    func run() async throws {
        var configuration = ServiceConfiguration()
        configuration.host = host
        configuration.port = port
        // The stage's flags, read as herald and herald worker read them (the server's stage is
        // made per catalog by HeraldService, from these).
        let stage = stage.settings
        configuration.tablesDirectory = stage.tablesDirectory
        configuration.keysDirectory = stage.keysDirectory
        configuration.allowUnsealed = stage.allowUnsealed
        configuration.sealingAlgorithms = try stage.sealingAlgorithms()
        configuration.timeZone = stage.timeZone
        configuration.stageDeadline = .milliseconds(stage.deadlineMilliseconds)
        configuration.limits = limits
        let environment = ProcessInfo.processInfo.environment
        do {
            if let tokenFile {
                configuration.authentication = try ServiceAuthentication.file(tokenFile)
            } else if let token = environment[ServiceAuthentication.environmentVariable] {
                configuration.authentication = try ServiceAuthentication(text: token, source: ServiceAuthentication.environmentVariable)
            }
            if let tlsCert, let tlsKey {
                configuration.tls = try ServiceTLS(certificateChain: tlsCert, privateKey: tlsKey, clientRoots: tlsClientCA)
            }
        } catch {
            throw ValidationError("\(error)")
        }
        configuration.watchInterval = watchIntervalMilliseconds == 0 ? nil : .milliseconds(watchIntervalMilliseconds)
        configuration.portFile = portFile
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in ServiceLogHandler(label: label, level: level) }
        defer { LogSink.standardError.flush() }
        let logger = Logger(label: "herald.serve")
        if !Self.isLoopback(host), configuration.authentication == nil, configuration.tls?.configuration.trustRoots == nil {
            logger.warning("listening beyond loopback with no --token-file and no --tls-client-ca: anyone who reaches the port may call every route (Docs/security.md)")
        }
        var alongside: [any Service] = []
        if ServerTracing.isRequested(endpoint: otelEndpoint, environment: ProcessInfo.processInfo.environment) {
            if ServerTracing.isBuiltIn {
                do {
                    alongside.append(try ServerTracing.start(endpoint: otelEndpoint))
                } catch {
                    throw CommandFailure.failure("cannot export traces: \(error)")
                }
                configuration.tracing = true
                logger.info("tracing on", metadata: ["endpoint": .string(otelEndpoint.map(ServerTracing.withoutCredentials) ?? "(from OTEL_* variables)")])
            } else {
                logger.warning("an OTEL_EXPORTER_OTLP_*ENDPOINT variable is set, but \(ServerTracing.NotBuiltIn()); no traces are exported")
            }
        }
        do {
            try await ServiceApplication(configuration: configuration, logger: logger).run(alongside: alongside)
        } catch {
            throw CommandFailure.failure("cannot serve on \(host):\(port): \(error)")
        }
    }
}
