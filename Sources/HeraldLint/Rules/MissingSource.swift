public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let missingSource = Self("missing-source")
}

extension LintRule {
    static let missingSource = LintRule(
        .missingSource, .warning,
        "A bundle has no tables in the source locale (nor Base), so translations cannot be compared with it; --source DIR names where they are kept.",
        help: "Give --source DIR with the folder where the source language's tables are kept, or --source-locale with the language the bundle is written in.",
        check: .pass("the bundle pass (Linter.run)"))
}
