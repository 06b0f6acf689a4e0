public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let addressParity = Self("address-parity")
}

extension LintRule {
    /// URLs and e-mail addresses of the source that the translation lost (a link broken by
    /// spaces, an address left out). A translation with as many addresses as its source is
    /// taken to have localized them (`nombre@ejemplo.com`, a help page in its language).
    static let addressParity = LintRule(
        .addressParity, .warning,
        "A URL or e-mail address of the source text is missing from the translation (with or without its scheme), which writes fewer addresses than the source.",
        help: "Copy the source's URLs and addresses into the translation as they are (a localized page of the same site is fine: turn the rule off for its key).",
        check: .entry(EntryCheck { run, ctx, _ in
            for (s, t) in ctx.parityPairs {
                // Most texts hold no address: only one with '@' or "://" is split into words.
                guard s.value.utf8.contains(UInt8(ascii: "@")) || s.value.contains("://") else { continue }
                let a = TextParity.addresses(s.value)
                guard !a.isEmpty else { continue }
                let b = TextParity.addresses(t.value)
                // A translation with as many addresses as its source replaced them on purpose
                // (name@example.com written in the language, a localized help page): not said.
                guard b.count < a.count else { continue }
                let text = t.value.lowercased()
                let missing = a.filter { !text.contains(TextParity.normalized($0)) }
                guard !missing.isEmpty else { continue }
                run.emit(.addressParity, ctx.place(t.origin),
                         "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) lacks \(missing.map { Excerpt.quoted($0) }.joined(separator: ", ")), which the \(ctx.sourceLocalization ?? "source") text has: \(Excerpt.quoted(t.value))")
            }
        }))
}
