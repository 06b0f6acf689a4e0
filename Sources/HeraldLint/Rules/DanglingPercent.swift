import HeraldDiagnostics

extension LintRule {
    static let danglingPercent = LintRule(
        .danglingPercent, .error,
        "A lone '%' at the end of a format string.",
        help: "Write '%%' for a percent sign in a format string.",
        check: .sharedWith(.invalidSpecifier))
}
