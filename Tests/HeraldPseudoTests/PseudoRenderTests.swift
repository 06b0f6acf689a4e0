import HeraldICU
import HeraldPseudo
import HeraldRender
import HeraldTables
import Testing

/// A source table served in pseudo-locales and rendered with arguments: the
/// numbers, the plural forms and the specifiers still work.
@Suite struct PseudoRenderTests {
    static let origin = Origin(file: "en.lproj/Localizable.strings", line: 1, column: 1)

    struct Source: MessageCatalog {
        var localizations: [String] { ["en"] }
        var tableNames: [String] { ["Localizable"] }
        func lookup(key: String, table: String, locale: LocaleID) -> LookupResult? {
            guard LocalizationLookup.match(locale, available: localizations).first == "en", let e = self.table(table, localization: "en")?[key]
            else { return nil }
            return LookupResult(entry: e, localization: "en", table: table)
        }
        func table(_ name: String, localization: String) -> Table? {
            guard name == "Localizable", localization == "en" else { return nil }
            var t = Table(name: name, localization: "en")
            func text(_ s: String) -> SourceText { SourceText(s, origin: PseudoRenderTests.origin) }
            t.set(Entry(key: "tickets", message: .plural(format: text("%#@n@"), variables: [
                "n": PluralVariable(name: "n", valueType: "d", forms: [.one: text("%d ticket"), .other: text("%d tickets")], origin: PseudoRenderTests.origin),
            ]), format: .stringsdict, origin: PseudoRenderTests.origin))
            t.set(Entry(key: "won", message: .plain(text("%1$@ won %2$.2f")), format: .strings, origin: PseudoRenderTests.origin))
            return t
        }
    }

    func render(_ key: String, _ kind: PseudoLocale, _ args: [RenderArgument]) throws -> RenderResult {
        let catalog = PseudoCatalog(base: Source(), pseudoLocales: PseudoLocale.allCases)
        return try Renderer(catalog: catalog).render(key: key, table: "Localizable", locale: kind.locale, arguments: args)
    }

    @Test func pluralFormsStillChosenAndNumbersFormatted() throws {
        // Forms: " ticket" (7 → +3 " on"), " tickets" (8 → +4 " one"); CLDR en: 1 → one, 3 → other.
        let one = try render("tickets", .accented, [.number(.int(1))])
        #expect(one.text == "[1 ţîçķéţ öñ]")
        #expect(one.servedBy == "en-XA")
        #expect(try render("tickets", .accented, [.number(.int(3))]).text == "[3 ţîçķéţš öñé]")
        // CLDR en grouping and two fraction digits, as `%.2f` asks.
        #expect(try render("won", .accented, [.string("Ana"), .number(.decimal("1234.5"))]).text == "[Ana ŵöñ 1,234.50 ö]")
        #expect(try render("won", .bounded, [.string("Ana"), .number(.decimal("1234.5"))]).text == "[Ana won 1,234.50]")
        #expect(try render("tickets", .double, [.number(.int(1))]).text == "[1 ttiicckkeett]")
    }

    @Test func rightToLeftKeepsTheNumberAndTheForm() throws {
        // ar-XB takes Arabic's plural rules (CLDR ar: 1 → one) and its digits (CLDR ar: arab, U+0661 for 1).
        let r = try render("tickets", .rtl, [.number(.int(1))])
        #expect(r.text.contains("\u{202E}ticket\u{202C}"))
        #expect(!r.text.contains("tickets"))
        #expect(r.text.unicodeScalars.contains { $0.value == 0x0661 || $0 == "1" })
        #expect(!r.text.contains("%"))
        #expect(r.servedBy == "ar-XB")
    }

    @Test func keysMissingFromTheSourceAreMissing() throws {
        let catalog = PseudoCatalog(base: Source(), pseudoLocales: [.accented])
        #expect(catalog.lookup(key: "nope", table: "Localizable", locale: PseudoLocale.accented.locale) == nil)
        // A pseudo-locale not asked for, and a real locale, are not served.
        #expect(catalog.lookup(key: "won", table: "Localizable", locale: PseudoLocale.rtl.locale) == nil)
        #expect(catalog.lookup(key: "won", table: "Localizable", locale: try LocaleID("en")) == nil)
        let table = try #require(catalog.table("Localizable", localization: "en-XA"))
        #expect(table.entries.map(\.key) == ["tickets", "won"])
    }
}
