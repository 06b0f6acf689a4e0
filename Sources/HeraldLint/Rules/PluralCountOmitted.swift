public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let pluralCountOmitted = Self("plural-count-omitted")
}

extension LintRule {
    static let pluralCountOmitted = LintRule(
        .pluralCountOmitted, .warning,
        "A 'zero', 'one' or 'two' form does not show the number although its category covers several numbers (Russian 'one' is 1, 21, 101…), and no text around it does, so one wording serves them all.",
        help: "Show the number in the form (%ld), or word it so it reads right for every number the category covers.",
        check: .sharedWith(.pluralMissingOther))
}
