import HeraldTableFormats
import HeraldTables
import Testing

/// Apple's .lproj choice (Bundle.preferredLocalizations / ualoc_localizationsToUse).
@Suite struct LocalizationLookupTests {
    func candidates(_ id: String) throws -> [String] {
        try LocalizationLookup.candidates(for: LocaleID(id))
    }

    func best(_ id: String, _ available: [String]) throws -> String? {
        try LocalizationLookup.match(LocaleID(id), available: available, development: nil).first
    }

    @Test func chains() throws {
        #expect(try candidates("zh-Hant-HK") == ["zh-Hant-HK", "zh-HK", "zh-Hant", "zh-TW"])
        #expect(try candidates("zh-HK") == ["zh-Hant-HK", "zh-HK", "zh-Hant", "zh-TW"])
        #expect(try candidates("zh-TW") == ["zh-Hant-TW", "zh-TW", "zh-Hant"])
        #expect(try candidates("zh-Hans-CN") == ["zh-Hans-CN", "zh-CN", "zh-Hans", "zh"])
        #expect(try candidates("zh-Hant-MO").prefix(3) == ["zh-Hant-MO", "zh-MO", "zh-Hant-HK"])
        #expect(try candidates("pt-PT") == ["pt-PT", "pt"])
        #expect(try candidates("pt-BR") == ["pt-BR", "pt"])
        #expect(try candidates("pt-AO") == ["pt-AO", "pt-PT", "pt"])
        #expect(try candidates("es-MX") == ["es-MX", "es-419", "es"])
        #expect(try candidates("es-AR") == ["es-AR", "es-419", "es"])
        #expect(try candidates("en-AU") == ["en-AU", "en-GB", "en-001", "en"])
        #expect(try candidates("en-NZ") == ["en-NZ", "en-AU", "en-GB", "en-001", "en"])
        #expect(try candidates("en-IN") == ["en-IN", "en-GB", "en-001", "en"])
        #expect(try candidates("en-US") == ["en-US", "en"])
        #expect(try candidates("en-XZ") == ["en-XZ", "en"])
        #expect(try candidates("sr-Latn") == ["sr-Latn"])
        #expect(try candidates("sr-Latn-RS") == ["sr-Latn-RS", "sr-Latn"])
        #expect(try candidates("sr") == ["sr"])
        #expect(try candidates("de-CH") == ["de-CH", "de"])
        #expect(try candidates("xx-YY") == ["xx-YY", "xx"])
        #expect(try candidates("en-US-u-nu-arab") == ["en-US", "en"])
    }

    @Test func traditionalChineseNeverFallsBackToSimplified() throws {
        for id in ["zh-Hant-HK", "zh-HK", "zh-TW", "zh-Hant", "zh-MO", "zh-Hant-MO"] {
            let c = try candidates(id)
            #expect(!c.contains("zh"), "\(id): \(c)")
            #expect(!c.contains { $0.contains("Hans") || $0 == "zh-CN" }, "\(id): \(c)")
            #expect(try best(id, ["zh", "zh-Hans", "zh-CN", "en"]) == nil, "\(id)")
        }
        #expect(try best("zh-Hant-HK", ["zh-Hans", "zh-Hant", "en"]) == "zh-Hant")
        #expect(try best("zh-Hant-HK", ["zh_CN", "zh_TW"]) == "zh_TW")
        #expect(try best("zh-Hant-HK", ["zh-TW", "zh-HK"]) == "zh-HK")
        #expect(try best("zh-HK", ["zh-Hant-HK", "zh-Hant"]) == "zh-Hant-HK")
        #expect(try best("zh-Hans-CN", ["zh-Hant", "zh"]) == "zh")
        #expect(try best("zh-Hans", ["zh-TW", "zh-CN"]) == "zh-CN")
        #expect(try best("zh-Hant-TW", ["zh-Hant", "zh-Hans"]) == "zh-Hant")
    }

    @Test func portuguese() throws {
        #expect(try LocalizationLookup.match(LocaleID("pt-PT"), available: ["pt-BR", "pt", "pt-PT"], development: nil)
            == ["pt-PT", "pt"])
        #expect(try best("pt-PT", ["pt-BR", "pt"]) == "pt")
        // pt-BR serves pt-PT only when nothing else does.
        #expect(try best("pt-PT", ["pt-BR", "en"]) == "pt-BR")
        #expect(try best("pt-BR", ["pt-PT", "pt"]) == "pt")
        #expect(try best("pt-BR", ["pt-BR", "pt"]) == "pt-BR")
        #expect(try best("pt", ["pt-PT", "pt-BR"]) == "pt-BR")
        #expect(try best("pt-AO", ["pt-BR", "pt-PT"]) == "pt-PT")
    }

    @Test func regionsAndScripts() throws {
        #expect(try best("en-XZ", ["en-GB", "en"]) == "en")
        #expect(try best("en-AU", ["en", "en-GB"]) == "en-GB")
        #expect(try LocalizationLookup.match(LocaleID("en-AU"), available: ["en", "en-GB"], development: nil)
            == ["en-GB", "en"])
        #expect(try best("en-US", ["en-GB", "en"]) == "en")
        #expect(try best("en-NZ", ["en-AU", "en-GB", "en"]) == "en-AU")
        #expect(try best("es-MX", ["es", "es-419"]) == "es-419")
        #expect(try best("es-CO", ["es-ES", "es-419", "es"]) == "es-419")
        #expect(try best("es-ES", ["es-419", "es"]) == "es")
        #expect(try best("sr-Latn", ["sr", "hr"]) == nil)
        #expect(try best("sr-Latn-RS", ["sr", "sr-Latn"]) == "sr-Latn")
        #expect(try best("de-AT", ["de", "en"]) == "de")
        #expect(try best("fr-CA", ["fr", "fr-CA"]) == "fr-CA")
        // A country-specific folder still serves the bare language (Apple).
        #expect(try best("de", ["de-DE", "en"]) == "de-DE")
        #expect(try best("xx", ["en", "de"]) == nil)
    }

    @Test func folderSpellings() throws {
        #expect(try best("pt-BR", ["pt_br", "en"]) == "pt_br")
        #expect(try best("en-GB", ["English", "German"]) == "English")
        #expect(try best("de-DE", ["English", "German"]) == "German")
        #expect(try best("nb-NO", ["no", "da"]) == "no")
        #expect(try best("he", ["iw", "en"]) == "iw")
        #expect(LocalizationLookup.normalize("zh_TW") == "zh-hant-tw")
        #expect(LocalizationLookup.normalize("English") == "en")
        #expect(LocalizationLookup.normalize("Base") == "base")
        #expect(LocalizationLookup.normalize("no") == "nb")
    }

    @Test func developmentAndBaseComeLast() throws {
        let result = try LocalizationLookup.match(LocaleID("fr-CA"), available: ["Base", "en", "fr", "de"], development: "en")
        #expect(result == ["fr", "en", "Base"])
        let none = try LocalizationLookup.match(LocaleID("ja"), available: ["Base", "en", "fr"], development: "en")
        #expect(none == ["en", "Base"])
        #expect(try LocalizationLookup.match(LocaleID("ja"), available: [], development: "en").isEmpty)
    }

    /// `plainLanguage(of:)` (the catalog's ICU-free pre-filter) agrees with ICU's
    /// canonicalization for every two-letter language alone and with a script, a region or
    /// both, in both separators and cases; the aliased ones (and other shapes) are left to ICU.
    @Test func plainLanguageAgreesWithICUForEveryTwoLetterCode() throws {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        for a in letters {
            for b in letters {
                let code = a + b
                for name in [code, code.uppercased(), code + "-Latn", code + "_US", code + "-419", code + "_Hant_TW", code + "-cyrl-rs"] {
                    guard let plain = LocalizationLookup.plainLanguage(of: name) else {
                        #expect(["bh", "in", "iw", "ji", "jw", "mo", "sh", "tl", "tw"].contains(code), "\(name)")
                        continue
                    }
                    let normalized = LocalizationLookup.normalize(name)
                    #expect(normalized == plain || normalized.hasPrefix(plain + "-"), "\(name) → \(normalized), plain \(plain)")
                    #expect(LocalizationLookup.mayNormalize(name, to: normalized), "\(name)")
                }
            }
        }
    }

    /// Names only ICU can read are never judged without it.
    @Test func aliasesAndLegacyNamesAreLeftToICU() {
        for name in [
            "iw", "in", "ji", "jw", "mo", "sh", "tl", "tw", "bh", "iw-IL", "sh_RS", "English", "German", "Japanese",
            "Base", "heb", "fil", "yue", "zh-yue", "hy-arevmda", "no-bok", "en-US-POSIX", "zh-Hant-TW-x", "",
        ] {
            #expect(LocalizationLookup.plainLanguage(of: name) == nil, "\(name)")
            #expect(LocalizationLookup.mayServe(name, groups: ["xx"]), "\(name)")
        }
        #expect(LocalizationLookup.plainLanguage(of: "no") == "nb")
        #expect(LocalizationLookup.plainLanguage(of: "no_NO") == "nb")
        #expect(LocalizationLookup.plainLanguage(of: "pt_br") == "pt")
        #expect(LocalizationLookup.plainLanguage(of: "zh-Hant_TW") == "zh")
        #expect(!LocalizationLookup.mayNormalize("de", to: "en"))
        #expect(LocalizationLookup.mayNormalize("en-GB", to: "en-gb"))
        #expect(!LocalizationLookup.mayNormalize("pt-BR", to: "ptx"))
    }

    /// The groups a locale's match can draw from: its own (Hindi with English, Norwegian's
    /// three codes together) and the development localization's.
    @Test func groupsServedFor() throws {
        #expect(try LocalizationLookup.groups(servedFor: LocaleID("de-AT"), development: "en") == ["de", "en"])
        #expect(try LocalizationLookup.groups(servedFor: LocaleID("hi-Latn"), development: nil) == ["en"])
        #expect(try LocalizationLookup.groups(servedFor: LocaleID("nn"), development: "English") == ["no", "en"])
        #expect(try LocalizationLookup.groups(servedFor: LocaleID("yue-HK"), development: "fr") == ["zh", "fr"])
        #expect(LocalizationLookup.mayServe("nb", groups: ["no"]))
        #expect(LocalizationLookup.mayServe("no-NO", groups: ["no"]))
        #expect(!LocalizationLookup.mayServe("de-CH", groups: ["no", "en"]))
        let filter = LocalizationLookup.ServingFilter(locale: try LocaleID("nn"), development: "English")
        for name in ["nb", "NO_no", "nn-NO", "en", "en_GB", "hi", "hi-Latn", "iw", "English", "Base", "fil"] {
            #expect(filter.mayServe(name), "\(name)")
        }
        for name in ["de", "da-DK", "sv", "zh-Hant-TW", "fr_CA"] { #expect(!filter.mayServe(name), "\(name)") }
        let filipino = LocalizationLookup.ServingFilter(locale: try LocaleID("fil"), development: nil)
        #expect(!filipino.mayServe("en") && filipino.mayServe("tl") && filipino.mayServe("fil"))
    }
}
