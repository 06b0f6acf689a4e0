public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let lockScreenLength = Self("lock-screen-length")
}

extension LintRule {
    static let lockScreenLength = LintRule(
        .lockScreenLength, .warning,
        "A notification body longer than a lock screen shows.",
        help: "Shorten the text; the lock screen cuts it.",
        check: .sharedWith(.renderLeftoverSpecifier))
}
