import HeraldDiagnostics

extension LintRule {
    static let mixedPositional = LintRule(
        .mixedPositional, .error,
        "Positional (%1$@) and sequential (%@) specifiers in one string.",
        help: "Number every specifier of the string (%1$@, %2$ld) or none.",
        check: .sharedWith(.invalidSpecifier))
}
