import HeraldJSON
import HeraldSync

import Glibc

extension LintRule {
    /// Every rule id with its default severity (`off` for a rule off by default) and summary, one aligned line each
    /// (`herald validate --list-rules`).
    public static var listing: String {
        all.map {
            $0.id.rawValue.padding(toLength: 26) + ($0.enabledByDefault ? $0.defaultSeverity.rawValue : "off").padding(toLength: 9) + $0.summary + "\n"
        }.joined()
    }
}

extension String {
    fileprivate func padding(toLength n: Int) -> String { count >= n ? String(prefix(n)) : self + String(repeating: " ", count: n - count) }
}

/// The progress line `herald validate` draws on a terminal's standard error: files read,
/// locales checked, redrawn at most ten times a second and erased at the end.
public final class LintProgressLine: Sendable {
    public static let shared = LintProgressLine()
    private let state = Locked<(last: Double, shown: Bool)>((0, false))

    @Sendable public func update(_ p: LintProgress) {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let now = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        let draw = state.withLock { s -> Bool in
            guard now - s.last >= 0.1 else { return false }
            s.last = now
            s.shown = true
            return true
        }
        guard draw else { return }
        var line = "\rherald validate: \(p.filesRead)/\(p.filesTotal) files read"
        if p.localesTotal > 0 { line += ", \(p.localesChecked)/\(p.localesTotal) locales checked" }
        BufferedOutput.writeAll(fd: 2, line + "\u{1B}[K")
    }

    public func clear() {
        let shown = state.withLock { s -> Bool in
            defer { s.shown = false }
            return s.shown
        }
        if shown { BufferedOutput.writeAll(fd: 2, "\r\u{1B}[K") }
    }
}
