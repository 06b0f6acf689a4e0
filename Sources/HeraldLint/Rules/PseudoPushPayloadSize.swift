import HeraldDiagnostics

extension LintRule {
    static let pseudoPushPayloadSize = LintRule(
        .pseudoPushPayloadSize, .error,
        "A notification message whose worst-case APNs payload exceeds 4096 bytes once pseudo-localized.",
        help: "Leave room for longer translations: shorten the message.",
        check: .pass("--pseudo (PseudoChecks.swift)"))
}
