public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let pluralMissingCategory = Self("plural-missing-category")
}

extension LintRule {
    static let pluralMissingCategory = LintRule(
        .pluralMissingCategory, .error,
        "A plural variable lacks a CLDR category the language needs (Polish without 'few' reads wrong for 2-4); a warning for categories only millions select and Hebrew's 'two'.",
        help: "Add the form for the category named; the numbers given select it.",
        check: .sharedWith(.pluralMissingOther))
}
