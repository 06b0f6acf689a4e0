public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let specifierLength = Self("specifier-length")
}

extension LintRule {
    static let specifierLength = LintRule(
        .specifierLength, .warning,
        "A translation reads an integer argument with another size than the source (%d vs %ld).",
        help: "Use the source's length modifier (%ld for a 64-bit Int) so the number is read whole.",
        check: .sharedWith(.specifierMismatch))
}
