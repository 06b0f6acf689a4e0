import HeraldDiagnostics

extension LintRule {
    static let unusualLength = LintRule(
        .unusualLength, .warning,
        "A length modifier that does not fit the conversion (%lc, %hf).",
        help: "Drop the length modifier or use the one the source uses.",
        check: .sharedWith(.invalidSpecifier))
}
