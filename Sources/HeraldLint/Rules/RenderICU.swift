public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let renderICU = Self("render-icu")
}

extension LintRule {
    static let renderICU = LintRule(
        .renderICU, .error,
        "ICU could not format the message.",
        help: "Fix the ICU pattern at the place the message names.",
        check: .sharedWith(.renderLeftoverSpecifier))
}
