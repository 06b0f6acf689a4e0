import Foundation
public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let lengthLimit = Self("length-limit")
}

extension LintRule {
    /// The configuration's `lengthLimits`: texts of the keys a glob names (App Shortcuts
    /// phrases, widget titles) held to a maximum in characters, graphemes or UTF-8 bytes.
    /// Arguments are not counted (their length is not known here): the text as written,
    /// specifiers left out.
    static let lengthLimit = LintRule(
        .lengthLimit, .error,
        "A text is longer than the configuration's lengthLimits allow its key (characters, graphemes or UTF-8 bytes; arguments not counted).",
        help: "Shorten the text to the limit, or raise the limit if the place it is shown allows more.",
        check: .entry(EntryCheck { run, ctx, _ in
            let limits = run.configuration.textRules.lengthLimits
            guard !limits.isEmpty else { return }
            let name = ctx.table + ":" + ctx.entry.key
            for limit in limits where limit.keys.matches(name) {
                for t in ctx.texts {
                    let literal = TextParity.literal(t.value).replacingOccurrences(of: "\u{FFFC}", with: "")
                    let n: Int
                    switch limit.unit {
                    case .characters: n = literal.unicodeScalars.count
                    case .graphemes: n = literal.count
                    case .utf8: n = literal.utf8.count
                    }
                    guard n > limit.max else { continue }
                    let unit = limit.unit == .utf8 ? "UTF-8 bytes" : limit.unit.rawValue
                    run.emit(.lengthLimit, ctx.place(t.origin),
                             "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) is \(n) \(unit), over the limit of \(limit.max) the configuration sets for \(Excerpt.quoted(limit.keys.pattern)): \(Excerpt.quoted(t.value))")
                }
            }
        }))
}
