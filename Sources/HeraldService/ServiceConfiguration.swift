import Foundation
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
    /// Who may call the routes (nil: anyone who reaches the port; see Docs/security.md).
    public var authentication: ServiceAuthentication?
    /// TLS (and, with client roots, mutual TLS) on the listener; nil: plain HTTP.
    public var tls: ServiceTLS?
    /// Where `/v1/validate` unpacks uploads: a folder of this process's own is made below it
    /// at start and removed at the end, whatever happened to the uploads.
    public var temporaryParent: String = NSTemporaryDirectory()

    public init() {}

    /// What is wrong with the configuration, one sentence each (empty: it can run). Every
    /// duration and count is checked against the range it is used in, so that no value
    /// starts a server that traps later (a timeout past what a clock can hold).
    public func problems(fileLimit: Int? = ServiceLimits.openFileLimit()) -> [String] {
        var out = limits.problems(fileLimit: fileLimit)
        if stageDeadline <= .zero || stageDeadline > ServiceLimits.longest {
            out.append("the stage's deadline must be 1 ms…\(ServiceLimits.longest.components.seconds) s")
        }
        if let watchInterval, watchInterval <= .zero || watchInterval > ServiceLimits.longest {
            out.append("the watch interval must be 1 ms…\(ServiceLimits.longest.components.seconds) s")
        }
        return out
    }
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
    /// The largest upload to `/v1/validate` (413 past it). An upload costs about four times its
    /// size while it is unpacked and linted: 16 MiB, three at once, fit the shipped pod's 512 MiB.
    public var uploadBytes = 16 << 20
    /// The bytes all `/v1/validate` uploads being read or linted may hold together; an upload
    /// that would take more is refused with 503 and `Retry-After` (`uploads-busy`).
    public var uploadBudgetBytes = 48 << 20
    /// Batches (`/v1/render/batch`) answered at once, places of their own beside
    /// `maxInFlight`: a batch never takes the place of a single request.
    public var maxBatches = 8
    /// Inside a request, from its headers to the end of its body, the connection must move at
    /// least this many bytes a second (the body read, or answers written to a batch),
    /// measured over each `rateWindow`; a slower one is closed and its place given back.
    /// 0: no minimum.
    public var minBodyRate = 1024
    /// The window `minBodyRate` is measured over.
    public var rateWindow: Duration = .seconds(10)
    /// Connections open at once. Past it the oldest connection waiting for a request is
    /// closed to make room (so a probe still gets in); it must stay below the process's file
    /// limit. By default 512, or fewer when the file limit is lower than 576.
    public var maxConnections = ServiceLimits.defaultMaxConnections(fileLimit: ServiceLimits.openFileLimit())

    /// 512 connections, or the file limit less what the server keeps for itself when that is
    /// lower.
    public static func defaultMaxConnections(fileLimit: Int?) -> Int {
        guard let fileLimit else { return 512 }
        return max(1, min(512, fileLimit - reservedFiles))
    }
    /// How long a graceful shutdown (SIGTERM) may take: requests in flight are answered and
    /// batches told to stop; past it what is left is cancelled. Below Kubernetes' 30 s.
    public var shutdownGrace: Duration = .seconds(20)
    /// A connection that sends nothing for this long while it is open (a request's body
    /// stalls, or no request comes) is closed. Longer than the stage's deadline, so that a
    /// client waiting for a slow answer is not cut off.
    public var readTimeout: Duration = .seconds(60)

    public init() {}

    /// The longest duration any limit takes: a day.
    public static let longest: Duration = .seconds(86_400)
    /// File descriptors the server keeps for itself beyond its connections (tables, logs,
    /// uploads, the listener).
    public static let reservedFiles = 64

    /// The process's soft limit of open files (nil when it cannot be read or is unlimited).
    public static func openFileLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// What is out of range, one sentence each.
    public func problems(fileLimit: Int?) -> [String] {
        var out: [String] = []
        func duration(_ value: Duration, _ name: String, minimum: Duration = .milliseconds(1)) {
            if value < minimum || value > Self.longest {
                out.append("\(name) must be \(minimum.components.seconds > 0 ? "\(minimum.components.seconds) s" : "1 ms")…\(Self.longest.components.seconds) s")
            }
        }
        duration(requestDeadline, "the request deadline")
        duration(idleTimeout, "the idle timeout")
        duration(readTimeout, "the read timeout")
        duration(rateWindow, "the rate window", minimum: .milliseconds(10))
        duration(shutdownGrace, "the shutdown grace")
        func count(_ value: Int, _ name: String, _ range: ClosedRange<Int>) {
            if !range.contains(value) { out.append("\(name) must be \(range.lowerBound)…\(range.upperBound), found \(value)") }
        }
        count(bodyBytes, "the body limit", 1...(1 << 30))
        count(uploadBytes, "the upload limit", 1...(1 << 30))
        count(uploadBudgetBytes, "the upload budget", uploadBytes...(1 << 32))
        count(maxInFlight, "the in-flight limit", 1...100_000)
        count(maxBatches, "the batch limit", 1...100_000)
        count(minBodyRate, "the minimum body rate", 0...(1 << 30))
        count(retryAfterSeconds, "Retry-After", 0...86_400)
        let most = (fileLimit ?? 1 << 20) - Self.reservedFiles
        if maxConnections < 1 || maxConnections > most {
            out.append("the connection limit must be 1…\(max(most, 1)) (the open-file limit, \(fileLimit.map(String.init) ?? "unlimited"), less \(Self.reservedFiles) kept for the server), found \(maxConnections)")
        } else if maxConnections <= maxInFlight + maxBatches {
            out.append("the connection limit (\(maxConnections)) must be above the in-flight and batch limits together (\(maxInFlight + maxBatches)), so that a probe always finds room")
        }
        return out
    }
}
