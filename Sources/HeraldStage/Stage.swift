public import Foundation
import HeraldDiagnostics
public import HeraldICU
public import HeraldJSON
public import HeraldPayload
public import HeraldRender

/// The notification service extension stage: a push comes in, the final
/// payload goes out (Docs/push-format.md, "What comes out").
///
/// The steps (Docs/architecture.md): open → request (`PushRequest`), compute → draft
/// (`Compute`; the badge and the display receipt through `StoreAccess`; the media),
/// render → alert (`CheckedAlert`, the output guard), assemble → payload (`Assemble`,
/// ≤ 4096 bytes). This type is the orchestrator: it runs the steps within the configured
/// deadline (`Deadline`) and holds the best attempt (`BestAttempt`); past the deadline that
/// is emitted, as `serviceExtensionTimeWillExpire` would, and the work is abandoned.
///
/// One `Stage` serves many pushes (and threads): the renderer's templates, the keys read
/// and the store connection are shared. The store is opened on first need.
public final class Stage: Sendable {
    /// What the stage was made with.
    public let configuration: StageConfiguration
    /// The renderer over `configuration.catalog`; its compiled templates are shared by every push.
    public let renderer: Renderer
    private let store: StoreAccess
    private let keys: StageKeys

    /// Makes a stage. Nothing is read yet: tables are read on first lookup, the store is
    /// opened when a push first needs it.
    ///
    /// - Parameter configuration: The tables, store, keys, deadline and policies to use.
    public init(configuration: StageConfiguration) {
        self.configuration = configuration
        self.renderer = Renderer(catalog: configuration.catalog)
        self.store = StoreAccess(configuration.store, writes: configuration.writesToStore)
        self.keys = StageKeys(configuration.keys)
    }

    /// This stage over another store, clock or time zone (each nil: this stage's own), sharing
    /// its renderer (the templates it has compiled) and the keys it has read: what a request
    /// bringing its own context renders with (`herald serve`), instead of a cold stage per
    /// request. Its catalog, keys and policies are this stage's.
    public func sharing(store: StoreSource?, now: Date?, timeZone: String?) -> Stage {
        var configuration = configuration
        if let store { configuration.store = store }
        if let now { configuration.now = now }
        if let timeZone { configuration.timeZone = timeZone }
        return Stage(configuration: configuration, renderer: renderer, keys: keys)
    }

    private init(configuration: StageConfiguration, renderer: Renderer, keys: StageKeys) {
        self.configuration = configuration
        self.renderer = renderer
        self.store = StoreAccess(configuration.store, writes: configuration.writesToStore)
        self.keys = keys
    }

    /// Processes a push as received (JSON bytes).
    ///
    /// - Parameters:
    ///   - bytes: The push as APNs delivers it: one JSON object with an `aps` dictionary.
    ///   - locale: The locale to say it in.
    /// - Returns: The final payload, the localization that served it, and whether the stage fell back.
    /// - Throws: `StageInputError` when the bytes are not a payload at all (not JSON, not an
    ///   object, no `aps`); every other problem still gives a payload, with `fallback` set.
    public func process(_ bytes: [UInt8], locale: LocaleID) async throws(StageInputError) -> StageOutcome {
        let payload: APNsPayload
        do { payload = try APNsPayload.parse(bytes: bytes) } catch { throw StageInputError("not a payload: \(error)") }
        return await process(payload, locale: locale)
    }

    /// Processes a push given as JSON text.
    ///
    /// ```swift
    /// let outcome = try await stage.process(#"{"aps":{"alert":"Hi","mutable-content":1}}"#, locale: try LocaleID("de"))
    /// print(outcome.json)
    /// ```
    ///
    /// - Parameters:
    ///   - text: The push as APNs delivers it: one JSON object with an `aps` dictionary.
    ///   - locale: The locale to say it in.
    /// - Throws: `StageInputError` when the text is not a payload at all (not JSON, not an
    ///   object, no `aps`), with the line and column of a JSON error.
    public func process(_ text: String, locale: LocaleID) async throws(StageInputError) -> StageOutcome {
        try await process(Array(text.utf8), locale: locale)
    }

    /// Processes a push given as JSON bytes in `Data` (as read from a file or a socket).
    ///
    /// - Parameters:
    ///   - data: The push as APNs delivers it: one JSON object with an `aps` dictionary.
    ///   - locale: The locale to say it in.
    /// - Throws: `StageInputError` when the bytes are not a payload at all.
    public func process(_ data: Data, locale: LocaleID) async throws(StageInputError) -> StageOutcome {
        try await process([UInt8](data), locale: locale)
    }

    /// Processes a push already parsed as JSON.
    ///
    /// - Parameters:
    ///   - json: The push: an object with an `aps` dictionary.
    ///   - locale: The locale to say it in.
    /// - Throws: `StageInputError` when the value is not a payload at all.
    public func process(_ json: JSONValue, locale: LocaleID) async throws(StageInputError) -> StageOutcome {
        let payload: APNsPayload
        do { payload = try APNsPayload(json: json) } catch { throw StageInputError("not a payload: \(error)") }
        return await process(payload, locale: locale)
    }

    /// Processes a payload model. Never fails: the worst case is the original
    /// alert or the localized generic text, with `fallback` set.
    ///
    /// - Parameters:
    ///   - payload: The parsed push (`APNsPayload.parse(bytes:)`).
    ///   - locale: The locale to say it in.
    public func process(_ payload: APNsPayload, locale: LocaleID) async -> StageOutcome {
        let start = ContinuousClock.now
        let budget = configuration.deadline
        let margin = min(budget / 10, .milliseconds(100))
        let hard = start + budget - margin
        // The store and the downloads give up a margin before the hard deadline.
        let soft = hard - margin

        guard payload.eligibility.isEligible else { return Assemble.passedOn(payload) }

        var options = configuration.renderOptions
        // Dates in the texts (an ICU table's {d, date, short}) are shown in the request's zone.
        options.timeZone = configuration.timeZone
        let texts = Texts(renderer: renderer, locale: locale, options: options)
        let push = Push(
            request: PushRequest.read(payload, policy: SealingPolicy(configuration)), texts: texts,
            base: BaseAlert.resolve(payload.aps.alert, texts: texts), generic: texts.fallbackDraft(),
            assemble: Assemble(payload: payload, locale: locale, catalog: configuration.catalog), soft: soft)
        let best = BestAttempt(BestAttempt.first(for: push.request.kind, texts: texts) ?? .draft(push.base))
        return await Deadline.race(
            until: hard,
            work: { self.work(push, best: best) },
            expired: {
                let held = best.current
                var draft = held.draft(texts)
                // The stage measures its own deadline and says so: what a caller (or a test
                // on a busy machine) can check without a clock of its own.
                let elapsed = start.duration(to: .now).milliseconds
                draft.diagnostics.append(
                    .stage(
                        .deadline,
                        "the deadline (\(budget.milliseconds) ms) passed before the work was done; the best attempt so far was emitted \(elapsed) ms after the push arrived"
                    ))
                return push.assemble.outcome(
                    CheckedAlert(draft, generic: push.generic, secrets: push.request.secrets), badge: held.badge,
                    attachments: nil, withheld: held.withheld)
            })
    }

    /// What every step of one push is given.
    struct Push: Sendable {
        /// The open step's first value (`PushRequest.read`; a sealed envelope is opened by `work`).
        let request: PushRequest
        /// The stage's texts in the push's locale.
        let texts: Texts
        /// `base`: the push's own alert, loc-keys resolved (what a push without work of ours
        /// shows); `generic`: the localized generic alert (what the output guard shows instead
        /// of an unsafe alert).
        let base, generic: Draft
        /// The last step, which knows the push as received.
        let assemble: Assemble
        /// The bound of the store and the downloads, before the deadline.
        let soft: ContinuousClock.Instant
    }

    /// The steps, in order, on the deadline's worker thread (blocking: key files, SQLite,
    /// waiting for downloads). After each step whose value the deadline could use, it is
    /// published to `best`.
    func work(_ push: Push, best: BestAttempt) -> StageOutcome {
        let texts = push.texts
        // Open: the sealed envelope, if any (a key file on first use).
        let request = push.request.opened(with: keys)
        best.publish(withheld: request.withheld)
        if push.request.needsOpening, let first = BestAttempt.first(for: request.kind, texts: texts) {
            best.publish(first)
        }

        // Compute.
        var draft: Draft
        if request.refused {
            draft = push.base
            draft.fallback = true
            draft.diagnostics = request.diagnostics + draft.diagnostics
        } else {
            let compute = Compute(
                texts: texts, store: store, now: configuration.now ?? Date(), timeZone: configuration.timeZone,
                deadline: push.soft)
            do {
                draft = try compute.draft(for: request.kind, base: push.base)
                draft.diagnostics = request.diagnostics + draft.diagnostics
            } catch {
                draft = best.current.draft(texts)
                draft.diagnostics = request.diagnostics + [error.diagnostic(sealed: request.sealed)]
                    + draft.diagnostics
            }
        }
        best.publish(.draft(draft))

        // The badge: the store's running count.
        var badge = BadgeDecision.keep
        if let delta = push.request.payload.aps.badge {
            let (decision, note) = store.badge(adding: delta, deadline: push.soft)
            badge = decision
            if let note { draft.diagnostics.append(note) }
            // A store failure: the count is unknown, the push is a fallback (`StoreAccess`'s policy).
            if case .remove = decision { draft.fallback = true }
        }
        best.publish(badge: badge)

        // The display receipt.
        if let id = request.receiptID,
            let note = store.recordReceipt(
                id, kind: request.kind.receiptKind, locale: texts.locale.bcp47, shownAt: configuration.now ?? Date(),
                deadline: push.soft)
        {
            draft.diagnostics.append(note)
        }
        best.publish(.draft(draft))

        // The media.
        draft.diagnostics += MediaStep.diagnostics(of: request.media)
        var attachments: JSONValue?
        if !request.media.references.isEmpty {
            let media = MediaStep(
                folder: configuration.attachmentsDirectory ?? store.attachmentsFolder,
                downloader: configuration.mediaDownloader, policy: configuration.mediaPolicy, deadline: push.soft)
            let outcome = media.fetch(request.media.references, sealed: request.sealed)
            draft = MediaStep.apply(outcome, to: draft, kind: request.kind, texts: texts)
            attachments = outcome.attachments
        }

        // Render (the output guard) and assemble.
        let alert = CheckedAlert(draft, generic: push.generic, secrets: request.secrets)
        return push.assemble.outcome(alert, badge: badge, attachments: attachments, withheld: request.withheld)
    }
}
