public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let extraKey = Self("extra-key")
}

extension LintRule {
    static let extraKey = LintRule(
        .extraKey, .warning,
        "A key nothing shows: with --sources, a key no code names (said once per key); without, a key like 'settings.title' that only translations have (a dead key, or a raw key on source-language devices).",
        help: "Delete the key from the translations, or add it to the source table if the app uses it.",
        check: .pass("the bundle pass (TableChecks.swift, CodeChecks.swift)"))
}
