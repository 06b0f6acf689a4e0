public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let variableNesting = Self("variable-nesting")
}

extension LintRule {
    static let variableNesting = LintRule(
        .variableNesting, .warning,
        "A message's plural variables refer to each other more often than the linter explores (256 expansions); the variables past that point are not checked.",
        help: "Flatten the variables so fewer refer to each other.",
        check: .sharedWith(.pluralMissingOther))
}
