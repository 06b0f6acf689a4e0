import Dispatch
public import Foundation
public import HeraldICU
public import HeraldJSON
import HeraldLottery
import HeraldMedia
public import HeraldPayload
public import HeraldRender
import HeraldSealing
import HeraldStore
import HeraldSync

/// The notification service extension stage: a push comes in, the final
/// payload goes out (Docs/push-format.md, "What comes out").
///
/// Pipeline: parse → eligibility → the work (`herald` plain or sealed, legacy
/// keys, loc-keys) → compute (tickets, reminder, message) → render → media →
/// badge → final payload (≤ 4096 bytes) → output guard. The work runs within
/// the configured deadline; past it the best attempt so far is emitted, as
/// `serviceExtensionTimeWillExpire` would, and the work is abandoned.
///
/// One `Stage` serves many pushes (and threads): the renderer's templates and
/// the store connection are shared. The store is opened on first need.
public final class Stage: Sendable {
    /// What the stage was made with.
    public let configuration: StageConfiguration
    /// The renderer over `configuration.catalog`; its compiled templates are shared by every push.
    public let renderer: Renderer
    private let openedStore: Locked<Store?>
    let keyCache = KeyCache()

    /// Makes a stage. Nothing is read yet: tables are read on first lookup, the store is
    /// opened when a push first needs it.
    ///
    /// - Parameter configuration: The tables, store, keys, deadline and policies to use.
    public init(configuration: StageConfiguration) {
        self.configuration = configuration
        self.renderer = Renderer(catalog: configuration.catalog)
        if case .open(let store) = configuration.store {
            openedStore = Locked(store)
        } else {
            openedStore = Locked(nil)
        }
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
        let soft = hard - margin

        guard payload.eligibility.isEligible else {
            // The extension would not run: everything is passed on as sent, except
            // what Docs/push-format.md says never leaves the stage (the `herald` object,
            // plaintext or sealed, and the legacy secret fields).
            var root = payload.root
            var dropped: [String] = []
            for key in ["herald", "custom-encrypted-message", "media-url"] where root[key] != nil {
                root[key] = nil
                dropped.append(key)
            }
            let note = dropped.isEmpty ? "" : " (less \(dropped.joined(separator: ", ")))"
            return StageOutcome(
                payload: root, json: JSONWriter.write(.object(root)), servedBy: "", fallback: true,
                diagnostics: ["\(payload.eligibility); the payload is passed on unchanged\(note)"])
        }

        let texts = Texts(renderer: renderer, locale: locale, options: configuration.renderOptions)
        let context = Context(
            payload: payload, texts: texts, generic: texts.fallbackDraft(reason: nil),
            secrets: Self.secrets(in: payload), soft: soft, allowUnsealed: configuration.allowUnsealed)
        let base = context.guarded(BaseAlert.resolve(payload.aps.alert, texts: texts))

        // The best attempt if the deadline passes before the work is done.
        let progress = Progress(Self.bestAttemptBeforeWork(context: context, base: base))
        let once = Once()
        return await withCheckedContinuation { (continuation: CheckedContinuation<StageOutcome, Never>) in
            once.set(continuation)
            // The blocking part (key files, SQLite, rendering) runs on its own thread so
            // that a waiting store never holds a thread of the cooperative pool, and the
            // deadline holds even when that pool is busy.
            Thread.detachNewThread {
                let prepared = self.prepare(context: context, base: base, progress: progress)
                if prepared.media.references.isEmpty {
                    once.resume(self.finish(prepared, context: context))
                } else {
                    Task.detached {
                        let withMedia = await self.fetchMedia(prepared, context: context, progress: progress)
                        once.resume(self.finish(withMedia, context: context))
                    }
                }
            }
            let now = ContinuousClock.now
            let wait = now < hard ? now.duration(to: hard) : .zero
            let (seconds, attoseconds) = wait.components
            let nanos = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + .nanoseconds(nanos))
            timer.setEventHandler {
                guard once.isPending else { return }
                var best = progress.best(context)
                let badge = progress.badge.withLock { $0 }
                best.fallback = true
                // The stage measures its own deadline and says so: what a caller (or a test
                // on a busy machine) can check without a clock of its own.
                let elapsed = start.duration(to: .now).milliseconds
                best.diagnostics.append(
                    "the deadline (\(budget.milliseconds) ms) passed before the work was done; the best attempt so far was emitted \(elapsed) ms after the push arrived")
                once.resume(self.assemble(context: context, draft: best, badge: badge, attachments: nil))
            }
            once.setTimer(TimerBox(timer))
            timer.resume()
        }
    }

    // MARK: The work

    /// What the push asks for.
    enum Job: Sendable {
        case lottery(LotteryRequest)
        case reminder(id: String)
        case message(text: String, from: String?)
        /// Nothing of ours: pass the (loc-key resolved) alert on.
        case none
    }

    static func bestAttemptBeforeWork(context: Context, base: Draft) -> Progress.Attempt {
        // A plain lottery push can say the numbers without the store (when unsealed input is used).
        if context.allowUnsealed, let herald = context.payload.herald, herald["sealed"] == nil,
            herald["kind"]?.stringValue == "lottery.draw", let request = try? LotteryRequest(herald)
        {
            return .lotteryNumbers(request)
        }
        if context.payload.herald == nil, context.payload.legacyEncryptedMessage == nil,
            context.payload.legacyReminderID != nil
        {
            return .draft(context.guarded(ReminderContent.genericDraft(texts: context.texts)))
        }
        return .draft(base)
    }

    /// What the synchronous part of the work produced.
    struct Prepared: Sendable {
        var draft: Draft
        var job: Job
        var badge: BadgeDecision
        var media: MediaReferences.Extraction
        var attachments: JSONValue?
    }

    /// Opens, computes, renders and counts the badge (blocking: key files, SQLite).
    func prepare(context: Context, base: Draft, progress: Progress) -> Prepared {
        let payload = context.payload
        let content = content(of: payload)
        var diagnostics = content.diagnostics
        let heraldPlain = content.herald
        let job = content.job
        let failed = content.failed
        if content.sealed, let heraldPlain { context.withheld.set(Self.sealedValues(heraldPlain)) }

        var draft: Draft
        if failed {
            draft = base
            draft.fallback = true
        } else {
            do {
                draft = try compute(job, context: context, progress: progress, base: base)
            } catch {
                diagnostics.append(content.sealed ? error.sealedDescription : error.description)
                draft = progress.best(context)
                draft.fallback = true
            }
        }
        draft.diagnostics = diagnostics + draft.diagnostics
        draft = context.guarded(draft)
        progress.set(draft)

        // Badge: the store's running count.
        var badge = BadgeDecision.keep
        if let delta = payload.aps.badge {
            do {
                if let store = try store(deadline: context.soft) {
                    if !configuration.writesToStore {
                        // What the count would become (as `incrementBadge` counts); nothing is written.
                        let current = try store.badge(deadline: context.soft)
                        let (sum, overflow) = current.addingReportingOverflow(delta)
                        guard delta == 0 || (!overflow && sum <= Store.maximumBadge) else {
                            throw StoreError.badgeOutOfRange(overflow ? Int.max : sum)
                        }
                        badge = .set(delta == 0 ? 0 : max(0, sum))
                    } else if delta == 0 {
                        try store.setBadge(0, deadline: context.soft)
                        badge = .set(0)
                    } else {
                        badge = .set(try store.incrementBadge(by: delta, deadline: context.soft))
                    }
                } else {
                    draft.diagnostics.append("no store: aps.badge is passed on as sent")
                }
            } catch {
                draft.diagnostics.append("badge not updated: \(error)")
                draft.fallback = true
                badge = .remove
            }
        }
        progress.badge.withLock { $0 = badge }
        recordReceipt(payload: payload, herald: heraldPlain, job: job, context: context, draft: &draft)
        progress.set(draft)
        // Media named by unsealed Herald content are not fetched when sealing is required.
        var mediaRoot = payload.root
        if !configuration.allowUnsealed, heraldPlain == nil { mediaRoot["herald"] = nil }
        // The legacy ROT13 media-url counts as rot13 (see usesLegacyROT13Fields).
        if !usesLegacyROT13Fields { mediaRoot["media-url"] = nil }
        let extraction = MediaReferences.extractWithDiagnostics(from: .object(mediaRoot), herald: heraldPlain)
        for d in extraction.diagnostics { draft.diagnostics.append("media \(d.location?.description ?? ""): \(d.message)") }
        return Prepared(draft: draft, job: job, badge: badge, media: extraction, attachments: nil)
    }

    /// Downloads the push's media within the deadline; a failure adds the localized line.
    func fetchMedia(_ prepared: Prepared, context: Context, progress: Progress) async -> Prepared {
        var p = prepared
        var draft = p.draft
        let extraction = p.media
        let job = p.job
        var attachments: JSONValue?
        if !extraction.references.isEmpty {
            var failures: [String] = []
            var attachedCount = 0
            if let folder = attachmentsFolder {
                let results = await MediaFetcher(downloader: configuration.mediaDownloader).fetch(extraction.references, into: folder, deadline: context.soft)
                for r in results {
                    if let f = r.failure { failures.append("media \(r.reference.source.rawValue): \(f)") }
                }
                let ordered = Attachments.ordered(results)
                attachedCount = ordered.count
                if !ordered.isEmpty { attachments = Attachments.json(results) }
            } else {
                failures.append("media not fetched: no attachment folder (give a store or an attachments directory)")
            }
            draft.diagnostics += failures
            if !failures.isEmpty, let line = context.texts.text("media.failed", into: &draft) {
                let body = draft.alert.body ?? ""
                draft.alert.body = AlertText.isBlank(body) ? line : body + "\n" + line
            }
            if attachedCount > 0, case .message = job,
                let line = context.texts.text(
                    "message.attachments", table: "Messages", [.number(.int(Int64(attachedCount)))], into: &draft)
            {
                draft.alert.subtitle = line
            }
            draft = context.guarded(draft)
            progress.set(draft)
        }

        p.draft = draft
        p.attachments = attachments
        return p
    }

    func finish(_ p: Prepared, context: Context) -> StageOutcome {
        assemble(context: context, draft: p.draft, badge: p.badge, attachments: p.attachments)
    }

    func compute(_ job: Job, context: Context, progress: Progress, base: Draft) throws(StageWorkError) -> Draft {
        let texts = context.texts
        switch job {
        case .none:
            return base
        case .message(let text, let from):
            return MessageContent.draft(text: text, from: from, texts: texts)
        case .lottery(let request):
            progress.set(.lotteryNumbers(request))
            guard let store = try storeForWork(deadline: context.soft) else {
                var d = LotteryContent.numbersDraft(request, texts: texts)
                d.diagnostics.append("no store: the tickets are unknown, the numbers are shown")
                return d
            }
            let tickets: [StoredTicket]
            do {
                tickets = try store.tickets(game: request.rules.id, draw: request.draw.date, deadline: context.soft)
            } catch {
                throw .failed("tickets not read: \(error)")
            }
            let outcome: DrawOutcome
            do { outcome = try check(tickets: tickets.map(\.ticket), against: request.draw) } catch {
                throw .failed("tickets not checked: \(error)")
            }
            return try LotteryContent.draft(request, outcome: outcome, texts: texts)
        case .reminder(let idText):
            var generic = context.guarded(ReminderContent.genericDraft(texts: texts))
            generic.fallback = true
            progress.set(generic)
            guard let id = UUID(uuidString: idText) else {
                var d = ReminderContent.genericDraft(texts: texts)
                d.diagnostics.append("the reminder id is not a UUID; the generic text is shown")
                return d
            }
            guard let store = try storeForWork(deadline: context.soft) else {
                var d = ReminderContent.genericDraft(texts: texts)
                d.diagnostics.append("no store: the reminder is unknown; the generic text is shown")
                return d
            }
            let reminder: Reminder?
            do { reminder = try store.reminder(id: id, deadline: context.soft) } catch {
                throw .failed("reminder not read: \(error)")
            }
            guard let reminder else {
                var d = ReminderContent.genericDraft(texts: texts)
                d.diagnostics.append("no such reminder in the store; the generic text is shown")
                return d
            }
            return try ReminderContent.draft(
                reminder, now: configuration.now ?? Date(), zone: configuration.timeZone, texts: texts)
        }
    }

    // MARK: Store

    /// The store, opened on first use; nil when the configuration has none.
    /// The display receipt a push asks for: its top-level `push_id`, else the
    /// (opened) `herald.receipt`. Strings and integers are accepted.
    static func receiptID(payload: APNsPayload, herald: JSONObject?) -> String? {
        for value in [payload.root["push_id"], herald?["receipt"]] {
            if let s = value?.stringValue, !s.isEmpty { return s }
            if let n = value?.numberText { return n }
        }
        return nil
    }

    /// Records that the push is shown (issue 9: display receipts), for
    /// `herald receipts flush` to deliver later. Bounded by the store's short
    /// recording timeout so it never holds up the notification; a failure is a
    /// diagnostic, never a fallback.
    func recordReceipt(
        payload: APNsPayload, herald: JSONObject?, job: Job, context: Context, draft: inout Draft
    ) {
        guard let id = Self.receiptID(payload: payload, herald: herald) else { return }
        guard configuration.writesToStore else {
            draft.diagnostics.append("display receipt not recorded: the store is only read")
            return
        }
        let deadline = min(context.soft, ContinuousClock.now + Store.receiptRecordingTimeout)
        let kind: String
        switch job {
        case .lottery: kind = "lottery.draw"
        case .reminder: kind = "reminder"
        case .message: kind = "message"
        case .none: kind = "alert"
        }
        do {
            guard let store = try store(deadline: deadline) else {
                draft.diagnostics.append("no store: display receipt \(id) not recorded")
                return
            }
            _ = try store.recordReceipt(
                pushID: id, shownAt: configuration.now ?? Date(), locale: context.texts.locale.bcp47, kind: kind,
                deadline: deadline)
        } catch {
            draft.diagnostics.append("display receipt not recorded: \(error)")
        }
    }

    func store(deadline: ContinuousClock.Instant) throws(StoreError) -> Store? {
        if let open = openedStore.withLock({ $0 }) { return open }
        guard case .directory(let path) = configuration.store else { return nil }
        let store: Store
        if configuration.writesToStore {
            store = try Store.open(directory: path, deadline: deadline)
        } else {
            do { store = try Store.open(directory: path, readOnly: true, deadline: deadline) } catch .missing {
                return nil
            }
        }
        return openedStore.withLock { slot in
            if let raced = slot { return raced }
            slot = store
            return store
        }
    }

    private func storeForWork(deadline: ContinuousClock.Instant) throws(StageWorkError) -> Store? {
        do { return try store(deadline: deadline) } catch { throw .failed("store not opened: \(error)") }
    }

    var attachmentsFolder: String? {
        if let dir = configuration.attachmentsDirectory { return dir }
        if configuration.writesToStore, case .directory(let path) = configuration.store {
            return AttachmentFolder(store: path).path
        }
        return nil
    }

    // MARK: Output

    enum BadgeDecision: Sendable {
        /// Leave `aps.badge` as the push has it (no store to count with).
        case keep
        /// Drop `aps.badge`: the count is unknown, the device keeps its badge.
        case remove
        /// The store's running count.
        case set(Int)
    }

    /// The final payload for `draft`, guarded and within the budget.
    func assemble(context: Context, draft: Draft, badge: BadgeDecision, attachments: JSONValue?) -> StageOutcome {
        var d = context.guarded(draft)
        d.diagnostics = context.withheld.scrub(d.diagnostics)
        var original = context.payload
        var badgeValue: Int?
        switch badge {
        case .keep: break
        case .remove: original.aps.raw["badge"] = nil
        case .set(let n): badgeValue = n
        }
        if let attachments { original.root[Attachments.outputKey] = attachments }
        // Consumed by the stage: the reminder's id is not shown or passed on.
        original.root["reminder-uuid"] = nil
        var diagnostics = d.diagnostics
        var final: FinalPayload?
        do {
            final = try PayloadWriter.finalPayload(from: original, alert: d.alert, badge: badgeValue)
        } catch {
            diagnostics.append("\(error); custom keys dropped")
            var slim = original
            slim.root.removeAll { key, _ in key != "aps" }
            final = try? PayloadWriter.finalPayload(from: slim, alert: d.alert, badge: badgeValue)
            if final == nil {
                var minimal = JSONObject()
                minimal["mutable-content"] = .int(1)
                if let bare = try? APNsPayload(json: .object(JSONObject([("aps", .object(minimal))]))) {
                    final = try? PayloadWriter.finalPayload(from: bare, alert: d.alert, badge: badgeValue)
                }
            }
        }
        if let shortened = final?.shortenedFields, !shortened.isEmpty {
            diagnostics.append("shortened to fit \(APNsPayload.maximumBytes) bytes: \(shortened.joined(separator: ", "))")
        }
        let servedBy =
            d.servedBy
            ?? LocalizationLookup.match(context.texts.locale, available: configuration.catalog.localizations).first
            ?? context.texts.locale.bcp47
        if let note = context.texts.locale.unknownLanguageNote(servedBy: servedBy) { diagnostics.append(note) }
        guard let final else {
            // Unreachable in practice: a guarded alert always has text and a bare aps fits.
            let json = JSONWriter.write(.object(context.payload.root))
            return StageOutcome(
                payload: context.payload.root, json: json, servedBy: servedBy, fallback: true,
                diagnostics: diagnostics + ["no final payload could be written; the original is passed on"])
        }
        return StageOutcome(
            payload: final.object, json: final.json, servedBy: servedBy, fallback: d.fallback, diagnostics: diagnostics)
    }

    /// Strings of the push that must never be shown: ciphertext and legacy secrets.
    static func secrets(in payload: APNsPayload) -> [String] {
        var out: [String] = []
        if let sealed = payload.herald?["sealed"]?.objectValue {
            for key in ["ct", "enc"] { if let s = sealed[key]?.stringValue { out.append(s) } }
        }
        if let s = payload.legacyEncryptedMessage { out.append(s) }
        if let s = payload.legacyMediaURL { out.append(s) }
        return out
    }
}

/// What every step of one push shares.
struct Context: Sendable {
    let payload: APNsPayload
    let texts: Texts
    /// The localized generic alert.
    let generic: Draft
    let secrets: [String]
    /// Deadline for the store and downloads (before the hard deadline).
    let soft: ContinuousClock.Instant
    /// Whether unsealed Herald content is used (`StageConfiguration.allowUnsealed`).
    let allowUnsealed: Bool
    /// Values of the opened sealed object, kept out of every diagnostic.
    let withheld = Withheld()

    /// `draft` if every alert field is safe to show, else the generic alert.
    /// Literal text (a decrypted message, a reminder title) is content: format
    /// characters in it are not leftover specifiers.
    func guarded(_ draft: Draft) -> Draft {
        var problems: [String] = []
        if !draft.alert.hasText { problems.append("the alert has no text") }
        let fields = [("title", draft.alert.title), ("subtitle", draft.alert.subtitle), ("body", draft.alert.body)]
        for case (let name, let text?) in fields where !AlertText.isBlank(text) {
            var masked = text
            for literal in draft.literals where !literal.isEmpty {
                masked = masked.replacingOccurrences(of: literal, with: " ")
            }
            var found = OutputGuard.problems(in: masked, knownSecrets: secrets).filter { $0 != .empty }
            if !found.contains(.knownSecret), OutputGuard.problems(in: text, knownSecrets: secrets).contains(.knownSecret) {
                found.append(.knownSecret)
            }
            for p in found { problems.append("alert \(name): \(p)") }
        }
        guard !problems.isEmpty else { return draft }
        var g = generic
        g.diagnostics = draft.diagnostics + problems.map { "\($0); the generic text is shown" }
        return g
    }
}

/// Keys read from the key directory, kept for the life of the stage (a batch
/// reads each key file once). Failures are not kept.
final class KeyCache: Sendable {
    let keys = Locked<[String: SealingKey]>([:])
}

/// A key directory read through a `KeyCache`.
struct CachedKeys: SealingKeyProvider {
    let directory: KeyDirectory
    let cache: KeyCache

    func key(for keyID: String) throws(SealingError) -> SealingKey {
        if let hit = cache.keys.withLock({ $0[keyID] }) { return hit }
        let key = try directory.key(for: keyID)
        cache.keys.withLock { $0[keyID] = key }
        return key
    }
}

/// The best attempt so far, for the deadline.
final class Progress: Sendable {
    /// A best attempt, or how to make one: the lottery numbers are only formatted
    /// (ICU date data) if the deadline actually needs them.
    enum Attempt: Sendable {
        case draft(Draft)
        case lotteryNumbers(LotteryRequest)
    }
    private let attempt: Locked<Attempt>
    /// What the store said about the badge (nothing yet: leave the device's badge alone).
    let badge = Locked(Stage.BadgeDecision.remove)

    init(_ attempt: Attempt) { self.attempt = Locked(attempt) }

    func set(_ draft: Draft) { attempt.withLock { $0 = .draft(draft) } }
    func set(_ a: Attempt) { attempt.withLock { $0 = a } }

    /// The best attempt, marked as a fallback.
    func best(_ context: Context) -> Draft {
        var d: Draft
        switch attempt.withLock({ $0 }) {
        case .draft(let draft): d = draft
        case .lotteryNumbers(let request):
            d = context.guarded(LotteryContent.numbersDraft(request, texts: context.texts))
        }
        d.fallback = true
        return d
    }
}

/// Resumes a continuation once: whichever of the work and the timer comes first.
final class Once: Sendable {
    private struct State {
        var continuation: CheckedContinuation<StageOutcome, Never>?
        var done = false
        /// The deadline timer, cancelled (and its handler released) once resumed.
        var timer: TimerBox?
    }
    private let state = Locked(State())

    func set(_ c: CheckedContinuation<StageOutcome, Never>) { state.withLock { $0.continuation = c } }

    func setTimer(_ t: TimerBox) {
        let done = state.withLock { s -> Bool in
            if !s.done { s.timer = t }
            return s.done
        }
        if done { t.timer.cancel() }
    }

    var isPending: Bool { state.withLock { !$0.done } }

    func resume(_ outcome: StageOutcome) {
        let (c, t) = state.withLock { s -> (CheckedContinuation<StageOutcome, Never>?, TimerBox?) in
            guard !s.done else { return (nil, nil) }
            s.done = true
            defer {
                s.continuation = nil
                s.timer = nil
            }
            return (s.continuation, s.timer)
        }
        t?.timer.cancel()
        c?.resume(returning: outcome)
    }
}

/// A dispatch timer handed between threads: cancelling a dispatch source is
/// safe from any thread (Dispatch's documented contract), which the type system
/// cannot see.
final class TimerBox: @unchecked Sendable {
    let timer: any DispatchSourceTimer
    init(_ timer: any DispatchSourceTimer) { self.timer = timer }
}

extension Duration {
    var milliseconds: Int64 {
        let (s, a) = components
        return s * 1000 + a / 1_000_000_000_000_000
    }
}
