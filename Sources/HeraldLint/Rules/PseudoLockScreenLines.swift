import HeraldDiagnostics

extension LintRule {
    static let pseudoLockScreenLines = LintRule(
        .pseudoLockScreenLines, .warning,
        "A pseudo-localized notification message the device cuts on some surface of the fit table (laid out with real fonts, 3-character arguments; Docs/fit.md).",
        help: "Leave room for longer translations: shorten the message.",
        check: .pass("--pseudo (PseudoChecks.swift)"))
}
