public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let renderEmpty = Self("render-empty")
}

extension LintRule {
    static let renderEmpty = LintRule(
        .renderEmpty, .error,
        "The rendered text is empty for some sample value.",
        help: "Give the form the sample selects some text.",
        check: .sharedWith(.renderLeftoverSpecifier))
}
