import HeraldDiagnostics

extension LintRule {
    static let codeArguments = LintRule(
        .codeArguments, .error,
        "With --sources: a format call passes fewer arguments than a language's text reads, or an argument of another type (crash or garbage); an argument no language shows is a warning.",
        help: "Pass the arguments every language reads, of the types they read.",
        check: .pass("--sources (CodeChecks.swift)"))
}
