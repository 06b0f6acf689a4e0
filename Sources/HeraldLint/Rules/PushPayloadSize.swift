public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let pushPayloadSize = Self("push-payload-size")
}

extension LintRule {
    static let pushPayloadSize = LintRule(
        .pushPayloadSize, .error,
        "A notification message whose worst-case APNs payload exceeds 4096 bytes.",
        help: "Shorten the message, or lower pushArgumentBytes if its arguments are known to be shorter.",
        check: .sharedWith(.renderLeftoverSpecifier))
}
