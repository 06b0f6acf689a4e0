import HeraldDiagnostics

extension LintRule {
    static let conflictingTypes = LintRule(
        .conflictingTypes, .error,
        "One argument read as two incompatible types in one string.",
        help: "Read each argument as one type everywhere in the string (the source's).",
        check: .sharedWith(.invalidSpecifier))
}
