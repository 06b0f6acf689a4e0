import Foundation
import HeraldDiagnostics
import HeraldPayload
import HeraldRender

/// The render step's value: the alert that will be shown, a draft that passed the output
/// guard (draft → alert). It is the only thing `assemble` takes, and only
/// `init(_:generic:secrets:)` makes one: whatever path a push takes (the work done, a
/// failure, the deadline's best attempt), the guard runs once, just before the payload is
/// assembled.
struct CheckedAlert: Sendable {
    let alert: RenderedAlert
    /// The localization that served the main text (nil: none rendered).
    let servedBy: String?
    let fallback: Bool
    var diagnostics: [Diagnostic]

    /// `draft` if every alert field is safe to show, else `generic` (the localized generic
    /// alert) with the draft's diagnostics and the problems found. Literal text (a decrypted
    /// message, a reminder title) is content: format characters in it are not leftover specifiers.
    init(_ draft: Draft, generic: Draft, secrets: [String]) {
        var problems: [String] = []
        if !draft.alert.hasText { problems.append("the alert has no text") }
        let fields = [("title", draft.alert.title), ("subtitle", draft.alert.subtitle), ("body", draft.alert.body)]
        for case (let name, let text?) in fields where !AlertText.isBlank(text) {
            var masked = text
            for literal in draft.literals where !literal.isEmpty {
                masked = masked.replacingOccurrences(of: literal, with: " ")
            }
            var found = OutputGuard.problems(in: masked, knownSecrets: secrets).filter { $0 != .empty }
            if !found.contains(.knownSecret),
                OutputGuard.problems(in: text, knownSecrets: secrets).contains(.knownSecret)
            {
                found.append(.knownSecret)
            }
            for p in found { problems.append("alert \(name): \(p)") }
        }
        let shown = problems.isEmpty ? draft : generic
        alert = shown.alert
        servedBy = shown.servedBy
        fallback = shown.fallback
        diagnostics =
            draft.diagnostics + problems.map { .stage(.outputGuard, "\($0); the generic text is shown", at: "/aps/alert") }
    }
}
