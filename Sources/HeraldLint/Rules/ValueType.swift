import HeraldDiagnostics

extension LintRule {
    static let valueType = LintRule(
        .valueType, .error,
        "A plural variable's value type is missing, not a number (%@) or not a printf conversion.",
        help: "Set NSStringFormatValueTypeKey to the count's conversion (d, ld, lu, f).",
        check: .sharedWith(.pluralMissingOther))
}
