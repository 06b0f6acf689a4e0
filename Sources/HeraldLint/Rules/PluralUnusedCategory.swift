public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let pluralUnusedCategory = Self("plural-unused-category")
}

extension LintRule {
    static let pluralUnusedCategory = LintRule(
        .pluralUnusedCategory, .warning,
        "A plural form for a category the language never selects (Apple's 'zero' for integer 0 is allowed).",
        help: "Delete the form, or move its text to a category the language has.",
        check: .sharedWith(.pluralMissingOther))
}
