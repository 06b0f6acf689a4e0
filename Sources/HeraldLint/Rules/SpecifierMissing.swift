public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let specifierMissing = Self("specifier-missing")
}

extension LintRule {
    static let specifierMissing = LintRule(
        .specifierMissing, .warning,
        "A translation does not show an argument the source shows.",
        help: "Add the argument's specifier to the translation (a positional one, %2$@, where the order differs).",
        check: .sharedWith(.specifierMismatch))
}
