import HeraldSync

/// What the stage would emit if the deadline passed now: the one piece of state the
/// orchestrator shares with the deadline. Only the orchestrator (`Stage.work`) publishes to
/// it, between steps; the steps themselves only return values.
final class BestAttempt: Sendable {
    /// A best attempt, or how to make one: the lottery numbers are only formatted
    /// (ICU date data) if the deadline actually needs them.
    enum Attempt: Sendable {
        case draft(Draft)
        case lotteryNumbers(LotteryRequest)
    }

    /// What is held.
    struct Held: Sendable {
        var attempt: Attempt
        /// What the store said about the badge (nothing yet: leave the device's badge alone).
        var badge = BadgeDecision.remove
        /// The opened sealed values, which no diagnostic may quote.
        var withheld: [String] = []

        /// The attempt as a draft, marked as a fallback.
        func draft(_ texts: Texts) -> Draft {
            var d: Draft
            switch attempt {
            case .draft(let draft): d = draft
            case .lotteryNumbers(let request): d = LotteryContent.numbersDraft(request, texts: texts)
            }
            d.fallback = true
            return d
        }
    }

    private let held: Locked<Held>

    init(_ attempt: Attempt) { held = Locked(Held(attempt: attempt)) }

    /// The first best attempt for a request, as soon as its kind is known: a lottery push can
    /// say the draw's numbers without the store, a reminder the generic reminder text.
    static func first(for kind: PushRequest.Kind, texts: Texts) -> Attempt? {
        switch kind {
        case .lottery(let request): return .lotteryNumbers(request)
        case .reminder: return .draft(ReminderContent.genericDraft(texts: texts))
        case .message, .none: return nil
        }
    }

    func publish(_ attempt: Attempt) { held.withLock { $0.attempt = attempt } }
    func publish(badge: BadgeDecision) { held.withLock { $0.badge = badge } }
    func publish(withheld: [String]) { held.withLock { $0.withheld = withheld } }

    /// What is held now.
    var current: Held { held.withLock { $0 } }
}
