import HeraldDiagnostics
import HeraldICU
import HeraldJSON
import HeraldStage
import HeraldStore
import Hummingbird

/// `POST /v1/render` (Docs/service.md): one push and one or more locales → the final payload
/// per locale, with the stage's diagnostics and its outcome, as `herald render` gives them
/// (`rendered`, `fallback`, or `invalid` when the push is not a payload at all).
struct RenderEndpoint: Sendable {
    let tables: LiveTables
    let metrics: ServiceMetrics
    let paths: ServerPaths

    /// Most locales one request may ask for.
    static let maximumLocales = 100

    /// The answer to one locale of a request: the tag as sent, how it was read, and the
    /// stage's outcome, or why the push is not a payload.
    struct LocaleAnswer: Sendable {
        let tag: String
        let requested: LocaleID
        let result: Result<StageOutcome, StageInputError>
    }

    /// The answers, one per locale asked for, in order.
    struct Answer: Sendable {
        var results: [LocaleAnswer] = []

        /// `{"results": [{"locale", "requested", "outcome", …}]}` and a newline, the server's
        /// folders scrubbed from its messages.
        func json(scrub: (String) -> String) -> [UInt8] {
            var out = ""
            var top = JSONObjectWriter(pretty: false)
            top.key("results", into: &out)
            out += "["
            for (i, answer) in results.enumerated() {
                if i > 0 { out += "," }
                var object = JSONObjectWriter(pretty: false)
                object.key("locale", into: &out)
                out += JSONWriter.quote(answer.tag)
                object.key("requested", into: &out)
                out += JSONWriter.quote(answer.requested.bcp47)
                object.key("outcome", into: &out)
                switch answer.result {
                case .success(let outcome):
                    out += JSONWriter.quote(outcome.word)
                    outcome.writeMembers(&object, into: &out, scrub: scrub)
                case .failure(let error):
                    out += JSONWriter.quote("invalid")
                    object.key("error", into: &out)
                    out += JSONWriter.quote(scrub(error.description))
                }
                object.close(into: &out)
            }
            out += "]"
            top.close(into: &out)
            out += "\n"
            return Array(out.utf8)
        }
    }

    func answer(_ request: JSONObject) async throws -> Answer {
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
        var answer = Answer()
        for (tag, locale) in zip(tags, locales) {
            // Past the deadline (504) the work stops here, between locales: what is left is
            // never rendered.
            try Task.checkCancellation()
            if let store = context.store {
                do { try store.setBadge(context.badge) } catch {
                    throw ServiceError(status: 500, code: "internal", "the context's badge could not be set: \(error)")
                }
            }
            let result: Result<StageOutcome, StageInputError>
            do throws(StageInputError) { result = .success(try await stage.process(payload, locale: locale)) } catch { result = .failure(error) }
            metrics.render(try? result.get())
            answer.results.append(LocaleAnswer(tag: tag, requested: locale, result: result))
        }
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

    /// The stage for one request: the live one, or the live one over the context's store, clock
    /// and zone (its compiled templates and keys shared, not made again per request).
    static func stage(_ live: Stage, context: RenderContext) -> Stage {
        guard context.store != nil || context.now != nil || context.timeZone != nil else { return live }
        return live.sharing(store: context.store.map { .open($0) }, now: context.now, timeZone: context.timeZone)
    }
}


extension ServiceError {
    /// No tables have loaded yet.
    static func notReady(_ why: String?) -> ServiceError {
        ServiceError(status: 503, code: "not-ready", "no tables are loaded yet" + (why.map { ": \($0)" } ?? ""), retryAfter: 1)
    }
}

extension RenderEndpoint {
    /// `POST /render` (in the `/v1` group).
    func routes(bodyBytes: Int, tracing: Bool) -> RouteCollection<ServiceContext> {
        let endpoint = self
        return RouteCollection(context: ServiceContext.self).post("render") { request, _ in
            let (_, object) = try await RequestBodyReader.object(request, limit: bodyBytes)
            let answer = try await ServiceRoutes.traced(tracing, "render") { span in
                let answer = try await endpoint.answer(object)
                span?.attributes["herald.results"] = answer.results.count
                return answer
            }
            return ServiceRoutes.json(200, answer.json(scrub: endpoint.paths.scrub))
        }
    }
}
