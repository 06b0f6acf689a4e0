import HeraldICU
import HeraldRender
import HeraldTables
import Testing

/// Tables whose name ends in `.mf2` hold MessageFormat 2 messages; arguments bind to the
/// variables in the order the message first names them. Expected texts written by hand
/// (CLDR: Czech 3 is few, 5 is other; German groups with a period).
@Suite struct MF2TableTests {
    static let photos = #".input {$count :integer}\n.match $count\none {{{$name} sent you {$count} photo}}\n* {{{$name} sent you {$count} photos}}"#
    static let catalog = Catalog(texts: [
        "en.lproj/Notifications.mf2.strings": """
            "photos" = "\(photos)";
            "won" = "You won {$amount :currency currency=EUR}!";
            "broken" = ".match $x\\n* {{no annotation}}";
            """,
        "cs.lproj/Notifications.mf2.strings": #""photos" = ".input {$count :integer}\n.match $count\none {{{$name} vám poslal {$count} fotku}}\nfew {{{$name} vám poslal {$count} fotky}}\n* {{{$name} vám poslal {$count} fotek}}";"#,
        "de.lproj/Notifications.mf2.strings": #""won" = "Sie haben {$amount :currency currency=EUR} gewonnen!";"#,
    ])

    func render(_ key: String, _ locale: String, _ args: [RenderArgument]) throws -> RenderResult {
        try Renderer(catalog: Self.catalog).render(key: key, table: "Notifications.mf2", locale: try LocaleID(locale), arguments: args)
    }

    @Test func argumentsBindInOrderOfFirstMention() throws {
        let r = try render("photos", "en", [.number(.int(3)), .string("Ana")])
        #expect(r.text == "\u{2068}Ana\u{2069} sent you 3 photos")
        #expect(r.diagnostics.isEmpty)
        #expect(try render("photos", "en", [.string("1"), .string("Ana")]).text == "\u{2068}Ana\u{2069} sent you 1 photo")
    }

    @Test func pluralCategoriesOfTheLanguage() throws {
        #expect(try render("photos", "cs", [.number(.int(3)), .string("Eva")]).text == "\u{2068}Eva\u{2069} vám poslal 3 fotky")
        #expect(try render("photos", "cs", [.number(.int(5)), .string("Eva")]).text == "\u{2068}Eva\u{2069} vám poslal 5 fotek")
    }

    @Test func numbersInTheLocale() throws {
        #expect(try render("won", "de", [.number(.decimal("1234.5"))]).text == "Sie haben 1.234,50\u{A0}€ gewonnen!")
        #expect(try render("won", "en", [.number(.decimal("1234.5"))]).text == "You won €1,234.50!")
    }

    @Test func dataModelErrorsAreDiagnosedWithLineAndColumn() throws {
        let r = try render("broken", "en", [])
        #expect(r.diagnostics.contains { $0.rule == .mf2 && $0.message.contains("1:8: missing-selector-annotation") })
    }

    @Test func aMissingArgumentShowsItsPlaceholder() throws {
        let r = try render("won", "en", [])
        #expect(r.text == "You won \u{2068}{$amount}\u{2069}!")
        #expect(!r.diagnostics.isEmpty)
    }
}

/// `--no-isolate` (RenderOptions.isolateArguments false) turns MessageFormat 2's default
/// bidi isolation off, as it turns off the other formats' isolation. Expected texts by hand.
@Suite struct MF2NoIsolateTests {
    static let catalog = Catalog(texts: [
        "en.lproj/Notifications.mf2.strings": #""hi" = "Hi {$name}, {$n :integer} new";"#,
        "ar.lproj/Notifications.mf2.strings": #""hi" = "مرحبا {$name}، {$n :integer} جديدة";"#,
    ])

    func render(_ locale: String, isolate: Bool) throws -> String {
        try Renderer(catalog: Self.catalog).render(
            key: "hi", table: "Notifications.mf2", locale: try LocaleID(locale),
            arguments: [.string("Ana"), .number(.int(3))], options: RenderOptions(isolateArguments: isolate)
        ).text
    }

    @Test func isolationByDefault() throws {
        #expect(try render("en", isolate: true) == "Hi \u{2068}Ana\u{2069}, 3 new")
        #expect(try render("ar", isolate: true) == "مرحبا \u{2068}Ana\u{2069}، \u{2067}٣\u{2069} جديدة")
    }

    @Test func noIsolateLeavesPlaceholdersAsTheyAre() throws {
        #expect(try render("en", isolate: false) == "Hi Ana, 3 new")
        #expect(try render("ar", isolate: false) == "مرحبا Ana، ٣ جديدة")
    }
}
