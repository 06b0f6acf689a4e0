import HeraldDiagnostics

extension LintRule {
    static let codeMissingKey = LintRule(
        .codeMissingKey, .error,
        "With --sources: the code looks up a key no table has (the device shows the raw key, or the code's default value in every language).",
        help: "Add the key to the table the code names, or fix the key in the code.",
        check: .pass("--sources (CodeChecks.swift)"))
}
