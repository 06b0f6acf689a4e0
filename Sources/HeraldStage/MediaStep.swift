import Dispatch
import HeraldDiagnostics
import HeraldJSON
import HeraldMedia
import HeraldRender
import HeraldSync

/// The media of a push, fetched within the deadline: what the draft gains from them.
struct MediaStep: Sendable {
    /// Where downloads go; nil: media are not fetched.
    let folder: String?
    let downloader: any MediaDownloader
    /// What may be fetched (schemes, hosts, addresses, sizes).
    let policy: MediaPolicy
    /// The bound of the downloads.
    let deadline: ContinuousClock.Instant

    /// What fetching gave.
    struct Outcome: Sendable {
        /// One diagnostic per medium not attached.
        var failures: [Diagnostic] = []
        var attachedCount = 0
        /// The `herald-attachments` value, when something was attached.
        var attachments: JSONValue?
    }

    /// The diagnostics of reading the references (an entry skipped or repaired), said as today: `media …`.
    static func diagnostics(of extraction: MediaReferences.Extraction) -> [Diagnostic] {
        extraction.diagnostics.map { .stage(.media, "media \($0.location?.description ?? ""): \($0.message)") }
    }

    /// Downloads `references`. Called on the stage's worker thread, which waits for the
    /// downloads (they run on a thread of their own); the worker is never a pool thread.
    /// For a `sealed` push a failure is said by its code alone: its detail quotes the URL, a
    /// host or what the host answered, all sealed content, in whatever spelling (case,
    /// percent-encoding, a resolver's form) no list of withheld values could catch.
    func fetch(_ references: [MediaReference], sealed: Bool = false) -> Outcome {
        var out = Outcome()
        guard let folder else {
            out.failures.append(
                .stage(.media, "media not fetched: no attachment folder (give a store or an attachments directory)"))
            return out
        }
        let fetcher = MediaFetcher(policy: policy, downloader: downloader)
        let deadline = self.deadline
        let results = Self.waitOnWorkerThread { await fetcher.fetch(references, into: folder, deadline: deadline) } ?? []
        for r in results {
            guard let f = r.failure else { continue }
            let said = sealed ? "\(f.code) (the details stay sealed)" : "\(f)"
            out.failures.append(.stage(.media, "media \(r.reference.source.rawValue): \(said)"))
        }
        let ordered = Attachments.ordered(results)
        out.attachedCount = ordered.count
        if !ordered.isEmpty { out.attachments = Attachments.json(results) }
        return out
    }

    /// `draft` with what the media changed: the localized `media.failed` line after the
    /// body when something was not attached, and for a message the `message.attachments`
    /// subtitle when something was.
    static func apply(_ outcome: Outcome, to draft: Draft, kind: PushRequest.Kind, texts: Texts) -> Draft {
        var draft = draft
        draft.diagnostics += outcome.failures
        if !outcome.failures.isEmpty, let line = texts.text("media.failed", into: &draft) {
            let body = draft.alert.body ?? ""
            draft.alert.body = AlertText.isBlank(body) ? line : body + "\n" + line
        }
        if outcome.attachedCount > 0, case .message = kind,
            let line = texts.text(
                "message.attachments", table: "Messages", [.number(.int(Int64(outcome.attachedCount)))], into: &draft)
        {
            draft.alert.subtitle = line
        }
        return draft
    }

    /// Runs `operation` and blocks this thread until it is done (its result is always set
    /// before the signal; nil is never seen). Only for the stage's own worker thread, never a
    /// thread of Swift's cooperative pool.
    ///
    /// The operation runs on a thread of its own (`DedicatedExecutor`), and so do the child
    /// tasks it starts: it must not wait for a pool thread. On the pool it could not start
    /// while other work held every pool thread (a 2-core machine has two; tests block them
    /// in subprocess waits), and the push waited as long as they did (issue 31 item 16).
    private static func waitOnWorkerThread<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T? {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let executor = DedicatedExecutor()
        defer { executor.shutdown() }
        Task.detached(executorPreference: executor) {
            let value = await operation()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }
}
