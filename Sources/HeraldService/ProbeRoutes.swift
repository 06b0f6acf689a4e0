import HeraldJSON
import Hummingbird

/// The orchestrator's probes and the scraper's `/metrics`, on the root: no token, no
/// in-flight bound, no deadline (Docs/service.md, "Probes", "Metrics").
struct ProbeRoutes: Sendable {
    let tables: LiveTables
    /// The single requests' places, whose saturation `/readyz` reports.
    let admission: Admission
    let metrics: ServiceMetrics
    let paths: ServerPaths

    var routes: RouteCollection<ServiceContext> {
        let tables = tables, admission = admission, metrics = metrics, paths = paths
        let routes = RouteCollection(context: ServiceContext.self)
        routes.get("healthz") { _, _ in
            ServiceRoutes.json(200, Array(#"{"status":"ok"}"#.utf8) + [0x0A])
        }
        routes.get("readyz") { _, _ in
            // Ready: tables are loaded and a single request would get a place now. A pod whose
            // places are all taken says so, and its orchestrator sends new work elsewhere.
            let status = tables.status
            let saturated = admission.inFlight >= admission.limit
            var out = JSONObject()
            out["ready"] = .bool(status.current != nil && !saturated)
            if let generation = status.current { out["generation"] = .int(generation.number) }
            out["tables"] = .string(tables.directory == nil ? "embedded" : "folder")
            out["reloads"] = .int(status.reloads)
            out["failedReloads"] = .int(status.failedReloads)
            out["inFlight"] = .int(admission.inFlight)
            out["saturated"] = .bool(saturated)
            if let failure = status.lastFailure { out["lastReloadError"] = .string(paths.scrub(failure)) }
            return ServiceRoutes.json(status.current == nil || saturated ? 503 : 200, out)
        }
        routes.get("metrics") { _, _ in
            ServiceRoutes.response(200, contentType: "text/plain; version=0.0.4", metrics.exposition())
        }
        return routes
    }
}
