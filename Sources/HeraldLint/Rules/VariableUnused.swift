public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let variableUnused = Self("variable-unused")
}

extension LintRule {
    static let variableUnused = LintRule(
        .variableUnused, .warning,
        "A plural variable is defined but the format string never uses it.",
        help: "Use the variable in the format string (%#@name@) or delete it.",
        check: .sharedWith(.pluralMissingOther))
}
