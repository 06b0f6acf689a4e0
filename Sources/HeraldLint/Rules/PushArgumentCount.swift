import HeraldDiagnostics

extension LintRule {
    static let pushArgumentCount = LintRule(
        .pushArgumentCount, .error,
        "A push's key reads more arguments in some language than its -args array gives: the device shows no value there.",
        help: "Give the push as many -args as the message reads in every language.",
        check: .pass("--pushes (PushKeyChecks.swift)"))
}
