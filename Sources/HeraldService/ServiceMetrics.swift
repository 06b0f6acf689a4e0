public import Prometheus

/// The Prometheus metrics of `herald serve` (Docs/service.md, "Metrics"), served at `/metrics`.
///
/// Label values come from a closed set — the route (its pattern, never the raw path), the
/// status, the outcome, and the localization that served a render (one of the tables' own) —
/// so no request can grow the number of series.
public final class ServiceMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    static let latencyBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
    ]

    public init() {}

    private func descriptor(_ name: String, unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "herald", metricName: name, unitName: unit, helpText: help)
    }

    /// One answered request.
    func request(route: String, method: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: descriptor("http_requests", unit: "total", "HTTP requests answered, by route, method and status."),
            labels: [("route", route), ("method", method), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: descriptor("http_request_duration", unit: "seconds", "Time to answer a request (to its headers), by route."),
            labels: [("route", route)], buckets: Self.latencyBuckets
        ).record(duration)
    }

    /// One push rendered for one locale: `outcome` is rendered, fallback or invalid;
    /// `servedBy` the localization whose tables served it.
    func render(outcome: String, servedBy: String) {
        registry.makeCounter(
            descriptor: descriptor("renders", unit: "total", "Pushes rendered, by outcome and the localization that served them."),
            labels: [("outcome", outcome), ("served_by", servedBy)]
        ).increment()
        if outcome == "fallback" {
            registry.makeCounter(
                descriptor: descriptor("fallbacks", unit: "total", "Pushes that fell back, by the localization that served them."),
                labels: [("served_by", servedBy)]
            ).increment()
        }
    }

    /// A request refused because too many were in flight.
    func overloaded() {
        registry.makeCounter(descriptor: descriptor("overloaded", unit: "total", "Requests answered 503 because too many were in flight."), labels: [])
            .increment()
    }

    /// One table reload, swapped in or refused.
    public func tableReload(succeeded: Bool) {
        registry.makeCounter(
            descriptor: descriptor("table_reloads", unit: "total", "Table reloads, by result (ok: swapped in; failed: the old tables kept)."),
            labels: [("result", succeeded ? "ok" : "failed")]
        ).increment()
    }

    /// Requests being answered now.
    func inFlight(_ count: Int) {
        registry.makeGauge(descriptor: descriptor("http_requests_in_flight", unit: "", "Requests being answered now."), labels: []).set(Double(count))
    }

    /// The text exposition.
    func exposition() -> [UInt8] {
        var out: [UInt8] = []
        registry.emit(into: &out)
        return out
    }
}
