import HeraldDiagnostics

extension LintRule {
    static let accidentalSpecifier = LintRule(
        .accidentalSpecifier, .error,
        "Text that parses as a conversion but is a percent sign followed by a word ('50% a day' reads '% a').",
        help: "Write '%%' for a percent sign; where a space was typed into a specifier ('% @'), write the source's specifier.",
        check: .sharedWith(.invalidSpecifier))
}
