import HeraldDiagnostics

extension LintRule {
    static let badVariable = LintRule(
        .badVariable, .error,
        "A %#@ without a closing '@' or a name.",
        help: "Close the plural reference: %#@name@.",
        check: .sharedWith(.invalidSpecifier))
}
