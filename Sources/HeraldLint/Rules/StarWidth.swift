import HeraldDiagnostics

extension LintRule {
    static let starWidth = LintRule(
        .starWidth, .error,
        "A width or precision taken from an argument (%*d), which localized strings cannot supply.",
        help: "Write the width as a number (%5d) or format the value in code.",
        check: .sharedWith(.invalidSpecifier))
}
