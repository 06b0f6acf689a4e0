public import HeraldSealing

/// Everything `herald serve` is started with (Docs/service.md): where it listens, which
/// tables and keys it uses, and its limits.
public struct ServiceConfiguration: Sendable {
    /// The address to bind (default loopback: exposing the service is a choice).
    public var host: String = "127.0.0.1"
    /// The port; 0 picks a free one (see `portFile`).
    public var port: Int = 8080
    /// A folder of tables, or nil for the tables embedded in the binary.
    public var tablesDirectory: String?
    /// Where decryption keys are (`<kid>.key` files), or nil for none: sealed pushes fall back.
    public var keysDirectory: String?
    /// The envelope algorithms opened (`--algorithms`).
    public var sealingAlgorithms: Set<SealingAlgorithm> = Set(SealingAlgorithm.allCases)
    /// Whether legacy, unsealed content is used (`--allow-unsealed`); off by default.
    public var allowUnsealed = false
    /// The IANA zone dates are shown in when a request's context names none.
    public var timeZone = "UTC"
    /// The stage's budget per push.
    public var stageDeadline: Duration = .milliseconds(25_000)
    /// The limits every request is held to.
    public var limits = ServiceLimits()
    /// How often the tables tree is looked at for changes (nil: only SIGHUP reloads).
    public var watchInterval: Duration? = .seconds(2)
    /// A file the bound port is written to once the server listens (for `--port 0`).
    public var portFile: String?
    /// Where the log lines of `ServiceLogHandler` are buffered: written out every 250 ms and
    /// when the server stops.
    public var logSink: LogSink = .standardError
    /// One span per request (Hummingbird's `TracingMiddleware`), to whatever tracer the
    /// process bootstrapped `InstrumentationSystem` with; the request's W3C `traceparent` is
    /// its parent. Off by default: herald-server turns it on with its exporter
    /// (`--otel-endpoint`, Docs/service.md "Tracing").
    public var tracing = false

    public init() {}
}

/// The limits of `herald serve` (Docs/service.md, "Limits"). Each answer past a limit is the one
/// JSON error shape (`ServiceError`).
public struct ServiceLimits: Sendable {
    /// The largest request body of a non-streamed route (413 past it).
    public var bodyBytes = 1 << 20
    /// How long a non-streamed request may take, body read included (504 past it).
    public var requestDeadline: Duration = .seconds(30)
    /// Requests handled at once; one more is answered 503 with `Retry-After` (never queued).
    public var maxInFlight = 64
    /// The `Retry-After` seconds of a 503.
    public var retryAfterSeconds = 1
    /// A keep-alive connection with no request for this long is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// The largest upload to `/v1/validate` (413 past it).
    public var uploadBytes = 64 << 20
    /// A connection that sends nothing for this long while it is open (a request's body
    /// stalls, or no request comes) is closed. Longer than the stage's deadline, so that a
    /// client waiting for a slow answer is not cut off.
    public var readTimeout: Duration = .seconds(60)

    public init() {}
}
