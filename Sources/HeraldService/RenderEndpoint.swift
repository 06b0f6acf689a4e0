import HeraldDiagnostics
import HeraldICU
import HeraldJSON
import HeraldStage
import HeraldStore

/// `POST /v1/render` (Docs/service.md): one push and one or more locales → the final payload
/// per locale, with the stage's diagnostics and its outcome, as `herald render` gives them
/// (`rendered`, `fallback`, or `invalid` when the push is not a payload at all).
struct RenderEndpoint: Sendable {
    let tables: LiveTables
    let metrics: ServiceMetrics
    let paths: ServerPaths

    /// Most locales one request may ask for.
    static let maximumLocales = 100

    func answer(_ request: JSONObject) async throws -> JSONObject {
        for key in request.keys where !["payload", "locales", "locale", "context"].contains(key) {
            throw ServiceError.badRequest("\(key): unknown field (known: payload, locales, locale, context)")
        }
        guard let payload = request["payload"] else { throw ServiceError.badRequest("payload: required (the APNs payload, an object)") }
        let tags = try Self.locales(request)
        var locales: [LocaleID] = []
        for tag in tags {
            do { locales.append(try LocaleID(tag)) } catch {
                throw ServiceError.badRequest("locale \(Excerpt.quoted(tag)): \(error)")
            }
        }
        let context = try await RenderContext.read(request["context"])
        guard let generation = tables.current else { throw ServiceError.notReady(tables.status.lastFailure) }
        let stage = Self.stage(generation.stage, context: context)
        var results: [JSONValue] = []
        for (tag, locale) in zip(tags, locales) {
            // Past the deadline (504) the work stops here, between locales: what is left is
            // never rendered.
            try Task.checkCancellation()
            if let store = context.store {
                do { try store.setBadge(context.badge) } catch {
                    throw ServiceError(status: 500, code: "internal", "the context's badge could not be set: \(error)")
                }
            }
            var out = JSONObject()
            out["locale"] = .string(tag)
            out["requested"] = .string(locale.bcp47)
            do {
                let outcome = try await stage.process(payload, locale: locale)
                let word = outcome.fallback ? "fallback" : "rendered"
                metrics.render(outcome: word, servedBy: outcome.servedBy)
                out["outcome"] = .string(word)
                out["servedBy"] = .string(outcome.servedBy)
                out["fallback"] = .bool(outcome.fallback)
                out["bytes"] = .int(outcome.bytes)
                out["payload"] = .object(outcome.payload)
                out["diagnostics"] = .array(outcome.diagnostics.map { .string($0.message) })
            } catch {
                metrics.render(outcome: "invalid", servedBy: "")
                out["outcome"] = .string("invalid")
                out["error"] = .string(error.description)
            }
            results.append(.object(paths.scrub(out)))
        }
        var answer = JSONObject()
        answer["results"] = .array(results)
        return answer
    }

    /// `locales` (an array of tags) or `locale` (one tag).
    static func locales(_ request: JSONObject) throws(ServiceError) -> [String] {
        if let one = request["locale"] {
            guard request["locales"] == nil else { throw .badRequest("give locale or locales, not both") }
            guard let tag = one.stringValue else { throw .badRequest("locale: expected a string (pt-BR)") }
            return [tag]
        }
        guard let list = request["locales"]?.arrayValue else {
            throw .badRequest("locales: required (an array of locale tags, e.g. [\"en\", \"pt-BR\"])")
        }
        guard !list.isEmpty, list.count <= maximumLocales else { throw .badRequest("locales: expected 1…\(maximumLocales) tags") }
        var tags: [String] = []
        for (i, item) in list.enumerated() {
            guard let tag = item.stringValue else { throw .badRequest("locales[\(i)]: expected a string") }
            tags.append(tag)
        }
        return tags
    }

    /// The stage for one request: the live one, or one over the context's store, clock and zone.
    static func stage(_ live: Stage, context: RenderContext) -> Stage {
        guard context.store != nil || context.now != nil || context.timeZone != nil else { return live }
        var configuration = live.configuration
        if let store = context.store { configuration.store = .open(store) }
        if let now = context.now { configuration.now = now }
        if let zone = context.timeZone { configuration.timeZone = zone }
        return Stage(configuration: configuration)
    }
}


extension ServiceError {
    /// No tables have loaded yet.
    static func notReady(_ why: String?) -> ServiceError {
        ServiceError(status: 503, code: "not-ready", "no tables are loaded yet" + (why.map { ": \($0)" } ?? ""), retryAfter: 1)
    }
}
