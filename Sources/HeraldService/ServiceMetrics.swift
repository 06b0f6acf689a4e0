import HeraldStage
import HeraldSync
public import Prometheus

/// The Prometheus metrics of `herald serve` (Docs/service.md, "Metrics"), served at `/metrics`.
///
/// Label values come from a closed set — the route (its pattern, never the raw path), the
/// method (one of HTTP's own, else `other`), the status, the outcome, and the localization
/// that served a render (one of the tables' own) — so no request can grow the number of
/// series. A series' handle is looked up in the registry once and kept (`Route`, the handles
/// below), so answering a request builds no labels.
public final class ServiceMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    static let latencyBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
    ]

    private let inFlightGauge: Gauge
    private let batchesGauge: Gauge
    private let connectionsGauge: Gauge
    private let slowClientsCounter: Counter
    private let overloadedCounter: Counter
    private let reloadsOK: Counter
    private let reloadsFailed: Counter
    /// Render counters by outcome and serving localization, made on first use.
    private let renderCounters = Locked<[RenderKey: (renders: Counter, fallbacks: Counter?)]>([:])

    private struct RenderKey: Hashable {
        let outcome: String
        let servedBy: String
    }

    public init() {
        inFlightGauge = registry.makeGauge(
            descriptor: Self.descriptor("http_requests_in_flight", unit: "", "Requests being answered now."), labels: [])
        batchesGauge = registry.makeGauge(
            descriptor: Self.descriptor("http_batches_in_flight", unit: "", "Batches being answered now."), labels: [])
        connectionsGauge = registry.makeGauge(
            descriptor: Self.descriptor("http_connections_open", unit: "", "Connections open now."), labels: [])
        slowClientsCounter = registry.makeCounter(
            descriptor: Self.descriptor("slow_clients_closed", unit: "total", "Connections closed for moving a request's body too slowly."),
            labels: [])
        overloadedCounter = registry.makeCounter(
            descriptor: Self.descriptor("overloaded", unit: "total", "Requests answered 503 because too many were in flight."), labels: [])
        let reloads = Self.descriptor("table_reloads", unit: "total", "Table reloads, by result (ok: swapped in; failed: the old tables kept).")
        reloadsOK = registry.makeCounter(descriptor: reloads, labels: [("result", "ok")])
        reloadsFailed = registry.makeCounter(descriptor: reloads, labels: [("result", "failed")])
    }

    static func descriptor(_ name: String, unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "herald", metricName: name, unitName: unit, helpText: help)
    }

    /// The request metrics of one route label: its latency histogram, made once, and its
    /// request counters by method and status, each made on its first use and kept.
    final class Route: Sendable {
        let label: String
        private let registry: PrometheusCollectorRegistry
        private let duration: DurationHistogram
        private let counters = Locked<[CounterKey: Counter]>([:])

        private struct CounterKey: Hashable {
            let method: String
            let status: Int
        }

        fileprivate init(label: String, registry: PrometheusCollectorRegistry) {
            self.label = label
            self.registry = registry
            duration = registry.makeDurationHistogram(
                descriptor: ServiceMetrics.descriptor(
                    "http_request_duration", unit: "seconds", "Time to answer a request (to its headers), by route."),
                labels: [("route", label)], buckets: ServiceMetrics.latencyBuckets)
        }

        /// One answered request; `method` is the request's, as sent (see `methodLabel`).
        func request(method: String, status: Int, duration elapsed: Duration) {
            let key = CounterKey(method: ServiceMetrics.methodLabel(method), status: status)
            let counter = counters.withLock { made in
                if let counter = made[key] { return counter }
                let counter = registry.makeCounter(
                    descriptor: ServiceMetrics.descriptor("http_requests", unit: "total", "HTTP requests answered, by route, method and status."),
                    labels: [("route", label), ("method", key.method), ("status", String(status))])
                made[key] = counter
                return counter
            }
            counter.increment()
            duration.record(elapsed)
        }
    }

    /// The methods RFC 9110 defines, and PATCH (RFC 5789): a method label is one of these or
    /// `other`. The HTTP parser lets through dozens more (WebDAV's, UPnP's…) and a client picks
    /// which, so each would otherwise be a series of its own on every route.
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    /// The `method` label of a request's method.
    static func methodLabel(_ method: String) -> String { knownMethods.contains(method) ? method : "other" }

    /// The metrics of the route labelled `label` (a route pattern, or "other").
    func route(_ label: String) -> Route { Route(label: label, registry: registry) }

    /// One push answered for one locale: its outcome, nil when it was invalid (not a request,
    /// not a payload).
    func render(_ outcome: StageOutcome?) {
        guard let outcome else { return render(outcome: "invalid", servedBy: "") }
        render(outcome: outcome.word, servedBy: outcome.servedBy)
    }

    /// One push rendered for one locale: `outcome` is rendered, fallback or invalid;
    /// `servedBy` the localization whose tables served it.
    func render(outcome: String, servedBy: String) {
        let key = RenderKey(outcome: outcome, servedBy: servedBy)
        let counters = renderCounters.withLock { made in
            if let counters = made[key] { return counters }
            let counters = (
                renders: registry.makeCounter(
                    descriptor: Self.descriptor("renders", unit: "total", "Pushes rendered, by outcome and the localization that served them."),
                    labels: [("outcome", outcome), ("served_by", servedBy)]),
                fallbacks: outcome == "fallback"
                    ? registry.makeCounter(
                        descriptor: Self.descriptor("fallbacks", unit: "total", "Pushes that fell back, by the localization that served them."),
                        labels: [("served_by", servedBy)])
                    : nil)
            made[key] = counters
            return counters
        }
        counters.renders.increment()
        counters.fallbacks?.increment()
    }

    /// A request refused because too many were in flight.
    func overloaded() { overloadedCounter.increment() }

    /// One table reload, swapped in or refused.
    public func tableReload(succeeded: Bool) {
        (succeeded ? reloadsOK : reloadsFailed).increment()
    }

    /// Requests being answered now.
    func inFlight(_ count: Int) { inFlightGauge.set(Double(count)) }

    /// Batches being answered now.
    func batchesInFlight(_ count: Int) { batchesGauge.set(Double(count)) }

    /// Connections open now.
    func connections(_ count: Int) { connectionsGauge.set(Double(count)) }

    /// A connection closed for moving its body too slowly.
    func slowClientClosed() { slowClientsCounter.increment() }

    /// The text exposition.
    func exposition() -> [UInt8] {
        var out: [UInt8] = []
        registry.emit(into: &out)
        return out
    }
}
