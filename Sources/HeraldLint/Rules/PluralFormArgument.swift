public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let pluralFormArgument = Self("plural-form-argument")
}

extension LintRule {
    static let pluralFormArgument = LintRule(
        .pluralFormArgument, .warning,
        "A plural form prints the number another plural variable counts instead of its own (%2$ld in the form of the variable counting argument 1), so it shows the wrong count.",
        help: "Print the variable's own argument in its forms.",
        check: .sharedWith(.pluralMissingOther))
}
