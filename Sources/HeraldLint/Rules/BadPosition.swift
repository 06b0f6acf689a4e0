import HeraldDiagnostics

extension LintRule {
    static let badPosition = LintRule(
        .badPosition, .error,
        "A position of 0 or beyond 64 (%0$@).",
        help: "Positions count from 1 (%1$@).",
        check: .sharedWith(.invalidSpecifier))
}
