import HeraldDiagnostics

extension LintRule {
    static let pushKeyMissing = LintRule(
        .pushKeyMissing, .error,
        "A push's loc-key, title-loc-key or subtitle-loc-key is in no Localizable table: the device shows the raw key.",
        help: "Add the key to the Localizable tables or fix its spelling in the push.",
        check: .pass("--pushes (PushKeyChecks.swift)"))
}
