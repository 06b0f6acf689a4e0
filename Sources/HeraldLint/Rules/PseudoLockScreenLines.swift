import HeraldDiagnostics

extension LintRule {
    static let pseudoLockScreenLines = LintRule(
        .pseudoLockScreenLines, .warning,
        "A pseudo-localized notification message longer than the preview's lock-screen banner shows (titles one line, bodies four, 44 characters a line).",
        help: "Leave room for longer translations: shorten the message.",
        check: .pass("--pseudo (PseudoChecks.swift)"))
}
