import ArgumentParser
import Foundation
import HeraldCommandLine
import HeraldICU
import HeraldSealing
import HeraldService
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
    @Option(help: "Folder of <lang>.lproj/ tables and/or .xcstrings catalogs (default: the tables embedded in herald).")
    var tables: String?
    @Option(help: "Key files for opening sealed pushes (default: none; sealed pushes fall back).") var keys: String?
    @Option(help: "Envelope algorithms to open, comma-separated (hpke, aes-gcm, rot13; default: hpke and aes-gcm, and rot13 with --allow-unsealed).")
    var algorithms: String?
    @Flag(help: "Use legacy, unsealed content (a plaintext herald object, ROT13 fields). By default only sealed content is used.")
    var allowUnsealed = false
    @Option(help: "IANA time zone for dates when a request's context names none.") var timeZone: String = "UTC"
    @Option(name: .customLong("deadline-ms"), help: "The stage's time budget per push, in milliseconds.") var deadlineMilliseconds: Int = 25_000
    @Option(name: .customLong("request-deadline-ms"), help: "Deadline of a non-streamed request, body read included (504 past it).")
    var requestDeadlineMilliseconds: Int = 30_000
    @Option(name: .customLong("max-body-bytes"), help: "Largest body of /v1/render and /v1/format (413 past it).") var maxBodyBytes: Int = 1 << 20
    @Option(name: .customLong("max-in-flight"), help: "Requests answered at once; more are refused with 503 and Retry-After.") var maxInFlight: Int = 64
    @Option(name: .customLong("idle-timeout-s"), help: "Seconds a keep-alive connection may wait for its next request.") var idleTimeoutSeconds: Int = 60
    @Option(name: .customLong("read-timeout-s"), help: "Seconds a connection may send and receive nothing inside a request.") var readTimeoutSeconds: Int = 60
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
        for (value, flag) in [(deadlineMilliseconds, "--deadline-ms"), (requestDeadlineMilliseconds, "--request-deadline-ms")] {
            do { try DeadlineOption.check(value, minimum: 1, flag: flag) } catch { throw ValidationError(error.messages.joined(separator: "; ")) }
        }
        guard maxBodyBytes > 0, maxInFlight > 0 else { throw ValidationError("--max-body-bytes and --max-in-flight must be positive") }
        guard idleTimeoutSeconds > 0, readTimeoutSeconds > 0 else { throw ValidationError("--idle-timeout-s and --read-timeout-s must be positive") }
        guard watchIntervalMilliseconds >= 0 else { throw ValidationError("--watch-interval-ms must be 0 or more") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level \(logLevel): expected trace, debug, info, notice, warning, error or critical") }
        guard DateFormat.isKnownZone(timeZone) else { throw ValidationError("--time-zone: '\(timeZone)' is not a known IANA time zone") }
        if let otelEndpoint {
            guard ServerTracing.isBuiltIn else { throw ValidationError("--otel-endpoint: \(ServerTracing.NotBuiltIn())") }
            if let problem = ServerTracing.problem(endpoint: otelEndpoint) { throw ValidationError("--otel-endpoint \(otelEndpoint): \(problem)") }
        }
        if let tables {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: tables, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--tables \(tables): not a directory")
            }
        }
    }

    func run() async throws {
        var configuration = ServiceConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.tablesDirectory = tables
        configuration.keysDirectory = keys
        configuration.allowUnsealed = allowUnsealed
        do {
            configuration.sealingAlgorithms = try SealingAlgorithm.accepted(algorithms, allowUnsealed: allowUnsealed)
        } catch {
            throw ValidationError("--algorithms: \(error)")
        }
        configuration.timeZone = timeZone
        configuration.stageDeadline = .milliseconds(deadlineMilliseconds)
        configuration.limits.requestDeadline = .milliseconds(requestDeadlineMilliseconds)
        configuration.limits.bodyBytes = maxBodyBytes
        configuration.limits.maxInFlight = maxInFlight
        configuration.limits.idleTimeout = .seconds(idleTimeoutSeconds)
        configuration.limits.readTimeout = .seconds(readTimeoutSeconds)
        configuration.watchInterval = watchIntervalMilliseconds == 0 ? nil : .milliseconds(watchIntervalMilliseconds)
        configuration.portFile = portFile
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in ServiceLogHandler(label: label, level: level) }
        defer { LogSink.standardError.flush() }
        let logger = Logger(label: "herald.serve")
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
