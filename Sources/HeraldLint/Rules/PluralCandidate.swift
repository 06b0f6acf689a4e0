public import HeraldDiagnostics
import HeraldRender
import HeraldTables

extension Diagnostic.Rule {
    public static let pluralCandidate = Self("plural-candidate")
}

extension LintRule {
    /// An English source text that prints a count with a plain integer conversion followed by
    /// a plural noun ("%d tickets"), outside any plural variable: it reads "1 tickets", and no
    /// translation can inflect its noun either. Said once per key, at the source text.
    static let pluralCandidate = LintRule(
        .pluralCandidate, .warning,
        "An English source text prints a count with %d/%ld followed by a plural noun outside any plural variable ('%d tickets' reads '1 tickets'; no translation can inflect the noun).",
        help: "Make the text a plural variable (a .stringsdict entry or a String Catalog plural variation) with a form per category, so each language words each count right.",
        check: .entry(EntryCheck { run, ctx, _ in
            guard ctx.isSource, case .plain(let text) = ctx.entry.message, let plan = ctx.plan,
                plan.locale.language == "en", plan.categories.count > 1,
                let (written, noun) = PluralCandidates.find(in: text.value)
            else { return }
            run.emit(.pluralCandidate, ctx.place(text.origin),
                     "\(Excerpt.quoted(ctx.entry.key)) prints a count with '\(Excerpt.escaped(written))' before the plural noun \(Excerpt.quoted(noun)) outside any plural variable: it reads '1 \(Excerpt.escaped(noun))', and translations cannot inflect the noun by number")
        }))
}

/// The "%d tickets" heuristic.
enum PluralCandidates {
    /// Words ending in "s" that are not the plural of a noun after a number.
    static let notPlurals: Set<String> = [
        "is", "was", "has", "as", "its", "this", "thus", "plus", "minus", "us", "yes", "always", "less", "unless",
        "across", "whereas", "perhaps", "besides", "towards", "afterwards", "sometimes", "nevertheless", "bus",
        "status", "bonus", "focus", "campus", "virus", "versus", "vs", "pass", "gas", "ios", "macos", "watchos", "tvos",
        "visionos", "https", "dns", "gps", "sms", "mms", "os", "fps", "kbps", "mbps", "gbps", "bps", "ms", "ns", "μs",
        "lbs", "hrs", "mins", "secs", "yrs", "kms", "pcs",
    ]

    /// The specifier and the noun of the first `%d <plural noun>` in `text` (nil: none).
    /// Abbreviated units ("%d ms", "%d hrs") are left out: units are not inflected in
    /// many languages and apps show them apart.
    static func find(in text: String) -> (written: String, noun: String)? {
        let segments = Array(FormatStringParser.parse(text, substitutionArgument: true).segments)
        for (i, seg) in segments.enumerated() {
            guard case .specifier(let s) = seg, s.conversion == .signedInteger || s.conversion == .unsignedInteger,
                i + 1 < segments.count, case .literal(let after) = segments[i + 1]
            else { continue }
            guard let first = after.unicodeScalars.first, first == " " || first == "\u{00A0}" else { continue }
            let word = String(after.dropFirst().prefix { $0.isLetter && $0.isASCII })
            let lower = word.lowercased()
            guard word.count >= 3, word == lower, lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"),
                !lower.hasSuffix("is"), !notPlurals.contains(lower)
            else { continue }
            // "%d items's"… or a word glued to more letters (accented) is not a plain noun.
            let rest = after.dropFirst().dropFirst(word.count)
            if let c = rest.first, c.isLetter || c == "'" || c == "’" { continue }
            return (s.text, word)
        }
        return nil
    }
}
