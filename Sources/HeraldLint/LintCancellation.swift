import HeraldSync

/// Asks a lint run to stop (`Linter.cancellation`): a server whose request passed its
/// deadline cancels the run it started, and the run stops at its next check — between
/// files as they are read, between entries as they are checked — instead of going on to the
/// end for an answer nobody waits for. A cancelled run returns what it had; whoever
/// cancelled it drops that.
public final class LintCancellation: Sendable {
    private let state = Locked<(cancelled: Bool, entries: Int)>((false, 0))
    /// Called with the count of entries checked so far, as each is about to be checked (tests
    /// hold a run at a given entry with it).
    private let onEntry: (@Sendable (Int) -> Void)?

    /// A run that goes on until `cancel()`.
    public init() { onEntry = nil }

    /// The same, calling `onEntry` before each entry is checked (for tests).
    package init(onEntry: @escaping @Sendable (Int) -> Void) { self.onEntry = onEntry }

    /// Stops the run at its next check.
    public func cancel() { state.withLock { $0.cancelled = true } }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Entries the run has come to so far (checked, or stopped at).
    public var entriesChecked: Int { state.withLock { $0.entries } }

    /// Counts one more entry; false when the run is to stop instead of checking it.
    func nextEntry() -> Bool {
        let (cancelled, entries) = state.withLock { state -> (Bool, Int) in
            state.entries += 1
            return (state.cancelled, state.entries)
        }
        guard !cancelled else { return false }
        onEntry?(entries)
        return !isCancelled
    }
}
