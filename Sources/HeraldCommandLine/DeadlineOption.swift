/// `--deadline-ms` of every command: at most an hour. A longer one is refused rather than
/// added to the clock, where it overflowed (the clock counts nanoseconds in 64 bits), and
/// no push, preview or store lock is worth waiting longer for.
public enum DeadlineOption {
    public static let maximumMilliseconds = 3_600_000

    /// Throws a usage error unless `value` is in `minimum…maximumMilliseconds`.
    public static func check(_ value: Int, minimum: Int, flag: String = "--deadline-ms") throws(CommandFailure) {
        guard value < minimum || value > maximumMilliseconds else { return }
        throw .usage("\(flag) must be \(minimum)…\(maximumMilliseconds) milliseconds, found \(value)")
    }
}
