public import HeraldDiagnostics
import HeraldICU
import HeraldJSON
public import HeraldLint
import HeraldPseudo
public import HeraldTables

/// `validate --pseudo`'s `pseudo-unchanged` rule: the built-in examples (and the
/// plural samples) rendered from the tables in the accented pseudo-locale, and
/// every word of Latin letters left unaccented outside an argument reported.
/// The stage wraps each argument it inserts in an isolate (U+2066–U+2068 …
/// U+2069), and the accented pseudo-locale changes every Latin letter a table
/// supplies, so such a word was written into the stage or the example, not read
/// from a table.
public enum PseudoCoverage {
    /// The rule's findings for the tables folder `root` (none when `configuration` turns
    /// the rule off), at its default severity, with its source locale: `source`, else the configuration's,
    /// else `en` (`Base` reads as `en`).
    public static func findings(root: String, source: String?, configuration: LintConfiguration) async throws -> [Diagnostic] {
        // Off: the examples are not rendered at all. Otherwise the linter's emit path
        // (Linter.postPassFindings) gives each finding the configured severity.
        if case .off = configuration.rules[.pseudoUnchanged] { return [] }
        let tag = source ?? configuration.sourceLocale ?? "en"
        let sourceLocale = (try? LocaleID(tag == "Base" ? "en" : tag)) ?? LocaleID(unchecked: "en")
        return try await check(catalog: try Catalog(root: root), source: sourceLocale)
    }

    /// The findings for `catalog`'s `source` text, each at the example push as
    /// `herald examples` writes it (`lottery-win.json`), the alert field named
    /// in the message.
    public static func check(catalog: any MessageCatalog, source: LocaleID) async throws -> [Diagnostic] {
        let kind = PseudoLocale.accented
        let runner = PreviewRunner(catalog: PseudoCatalog(base: catalog, pseudoLocales: [kind], source: source))
        let items = try await runner.examples(locales: [kind.locale])
        var out: [Diagnostic] = []
        var seen = Set<String>()
        for item in items {
            let a = item.alert
            for (field, text) in [("title", a.title), ("subtitle", a.subtitle), ("body", a.body)] {
                let words = unaccentedWords(text)
                // A plural message's samples repeat the same words: each (example, field) once.
                guard !words.isEmpty, seen.insert(item.example + "\u{0}" + field).inserted else { continue }
                let shown = words.prefix(5).joined(separator: " ") + (words.count > 5 ? " …" : "")
                let file = item.example.contains(":") ? "examples" : item.example + ".json"
                out.append(Diagnostic(
                    .pseudoUnchanged, .warning,
                    "\(item.example): /aps/alert/\(field) in \(kind.tag) shows \(Excerpt.quoted(shown)) unaccented outside any argument; that text does not come from a table",
                    at: .file(Origin(file: file, line: 1, column: 1)),
                    subject: Diagnostic.Subject(locale: kind.tag, key: item.example)))
            }
        }
        return out
    }

    /// The words of two or more ASCII letters in `text` outside isolates, in order.
    static func unaccentedWords(_ text: String) -> [String] {
        var words: [String] = []
        var depth = 0
        var word = ""
        func flush() {
            if word.count >= 2 { words.append(word) }
            word = ""
        }
        for s in text.unicodeScalars {
            switch s.value {
            case 0x2066, 0x2067, 0x2068:
                flush()
                depth += 1
            case 0x2069:
                flush()
                depth = max(0, depth - 1)
            case 0x41...0x5A where depth == 0, 0x61...0x7A where depth == 0:
                word.unicodeScalars.append(s)
            default:
                flush()
            }
        }
        flush()
        return words
    }
}
