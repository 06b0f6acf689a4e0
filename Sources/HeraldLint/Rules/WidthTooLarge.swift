import HeraldDiagnostics

extension LintRule {
    static let widthTooLarge = LintRule(
        .widthTooLarge, .warning,
        "A width or precision above 1024; it is capped.",
        help: "Use a width or precision of 1024 or less.",
        check: .sharedWith(.invalidSpecifier))
}
