import HeraldJSON
import HeraldPreview
import Hummingbird

/// `GET /v1/preview` (every example in every locale of the tables, as `herald preview`'s HTML)
/// and `GET /v1/locales` (the tables' locales and localizations): what the served tables hold.
struct CatalogEndpoints: Sendable {
    let tables: LiveTables
    let timeZone: String

    var routes: RouteCollection<ServiceContext> {
        let tables = tables, timeZone = timeZone
        let routes = RouteCollection(context: ServiceContext.self)
        routes.get("preview") { _, _ in
            guard let generation = tables.current else { throw ServiceError.notReady(tables.status.lastFailure) }
            let runner = PreviewRunner(catalog: generation.catalog, timeZone: timeZone)
            let items = try await runner.examples(locales: PreviewRunner.locales(of: generation.catalog))
            return ServiceRoutes.response(200, contentType: "text/html; charset=utf-8", Array(PreviewRenderer.render(items, as: .html).utf8))
        }
        routes.get("locales") { _, _ in
            guard let generation = tables.current else { throw ServiceError.notReady(tables.status.lastFailure) }
            var out = JSONObject()
            out["locales"] = .array(PreviewRunner.locales(of: generation.catalog).map { .string($0.bcp47) })
            out["localizations"] = .array(generation.catalog.localizations.sorted().map { .string($0) })
            return ServiceRoutes.json(200, out)
        }
        return routes
    }
}
