import HeraldICU
import HeraldRender
import HeraldTables
import Testing

/// Issue 29 item 5: the plural rules that choose a text's forms are those of the language
/// the shown text is written in, on the `.stringsdict` path and the ICU MessageFormat path
/// alike. Golden values: CLDR's rules (English: 1 → one, 21 → other; Russian: 21 → one;
/// French: 0 → one; Japanese: other only), checked by hand.
@Suite struct TextLanguageTests {
    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>items</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>%d ONE</string>
        <key>few</key><string>%d FEW</string>
        <key>many</key><string>%d MANY</string>
        <key>other</key><string>%d OTHER</string>
        </dict></dict></dict></plist>
        """
    static let icu = #""items" = "{0, plural, one {# ONE} few {# FEW} many {# MANY} other {# OTHER}}";"# + "\n"

    /// A catalog whose only localization is `folder`.
    static func catalog(_ folder: String, development: String? = nil) -> Catalog {
        Catalog(
            texts: [
                "\(folder).lproj/Localizable.stringsdict": stringsdict,
                "\(folder).lproj/Notifications.icu.strings": icu,
            ], development: development)
    }

    /// The `.stringsdict` rendering and the ICU MessageFormat rendering of `value`.
    static func both(_ catalog: Catalog, _ locale: String, _ value: Int64) throws -> [String] {
        let r = Renderer(catalog: catalog)
        let options = RenderOptions(isolateArguments: false)
        return [
            try r.render(key: "items", locale: loc(locale), arguments: [n(value)], options: options).text,
            try r.render(key: "items", table: "Notifications.icu", locale: loc(locale), arguments: [n(value)], options: options).text,
        ]
    }

    @Test func russianServedByEnglishTextSelectsWithEnglishRules() throws {
        #expect(try Self.both(Self.catalog("en"), "ru", 21) == ["21 OTHER", "21 OTHER"])
        #expect(try Self.both(Self.catalog("en"), "ru", 1) == ["1 ONE", "1 ONE"])
    }

    @Test func japaneseServedByEnglishTextSelectsWithEnglishRules() throws {
        #expect(try Self.both(Self.catalog("en"), "ja", 1) == ["1 ONE", "1 ONE"])
    }

    @Test func russianTextSelectsWithRussianRules() throws {
        #expect(try Self.both(Self.catalog("ru"), "ru", 21) == ["21 ONE", "21 ONE"])
        #expect(try Self.both(Self.catalog("ru"), "ru", 5) == ["5 MANY", "5 MANY"])
    }

    /// Legacy folder names are their languages, for the look-up and for the rules.
    @Test func legacyFolderNamesAreTheirLanguages() throws {
        #expect(try Self.both(Self.catalog("English"), "ru", 21) == ["21 OTHER", "21 OTHER"])
        #expect(try Self.both(Self.catalog("English"), "ja", 1) == ["1 ONE", "1 ONE"])
        #expect(try Self.both(Self.catalog("Russian", development: "ru"), "ru", 21) == ["21 ONE", "21 ONE"])
        #expect(try Self.both(Self.catalog("French", development: "fr"), "fr", 0) == ["0 ONE", "0 ONE"])
        #expect(try Self.both(Self.catalog("French", development: "fr"), "en", 0) == ["0 ONE", "0 ONE"])
        #expect(try Self.both(Self.catalog("Japanese", development: "ja"), "en", 1) == ["1 OTHER", "1 OTHER"])
        // Apple's older names beyond the first few.
        for (name, code) in [("Farsi", "fa"), ("Norwegian", "nb"), ("Tagalog", "fil"), ("Welsh", "cy"), ("Ukrainian", "uk")] {
            #expect(LocalizationLookup.textLanguage(of: name, development: nil)?.language == code, "\(name)")
            let r = Renderer(catalog: Self.catalog(name, development: code))
            #expect(try r.render(key: "items", locale: loc(code), arguments: [n(2)]).servedBy == name, "\(name)")
        }
    }

    /// `Base.lproj` holds the development language's text: its rules choose the forms.
    @Test func baseIsTheDevelopmentLanguage() throws {
        #expect(try Self.both(Self.catalog("Base"), "ru", 21) == ["21 OTHER", "21 OTHER"])
        #expect(try Self.both(Self.catalog("Base", development: "ru"), "en", 21) == ["21 ONE", "21 ONE"])
        #expect(LocalizationLookup.textLanguage(of: "Base", development: "en")?.language == "en")
        #expect(LocalizationLookup.textLanguage(of: "Base", development: nil) == nil)
    }

    /// A language ICU has no data for, served by English text: English rules on both paths.
    @Test func unknownLanguageServedByEnglish() throws {
        #expect(try Self.both(Self.catalog("en"), "xx", 1) == ["1 ONE", "1 ONE"])
        #expect(try Self.both(Self.catalog("en"), "xx", 21) == ["21 OTHER", "21 OTHER"])
        // Its own text: the root's rules, everything `other`, on both paths.
        #expect(try Self.both(Self.catalog("xx", development: "xx"), "xx", 1) == ["1 OTHER", "1 OTHER"])
    }

    /// The ICU path keeps the requested locale's digits when another language's text serves it.
    @Test func messageLocaleKeepsTheRequestedDigits() throws {
        #expect(try Self.both(Self.catalog("en"), "ar-EG", 1)[1] == "١ ONE")
        let id = LocalizationLookup.messageLocale(requested: loc("ar-EG"), textLanguage: loc("en"))
        #expect(id.icuID == "en_EG@numbers=arab")
        #expect(LocalizationLookup.messageLocale(requested: loc("pt-PT"), textLanguage: loc("pt")) == loc("pt-PT"))
    }
}
