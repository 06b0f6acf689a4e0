import HeraldICU
import Testing

@Suite struct LocaleIDTests {
    @Test func bcp47AndICUForms() throws {
        let pairs: [(String, String, String)] = [
            ("pt-BR", "pt_BR", "pt-BR"), ("pt_BR", "pt_BR", "pt-BR"), ("zh-Hans", "zh_Hans", "zh-Hans"),
            ("zh_Hant_TW", "zh_Hant_TW", "zh-Hant-TW"), ("zh-Hant-TW", "zh_Hant_TW", "zh-Hant-TW"),
            ("sr-Latn", "sr_Latn", "sr-Latn"), ("en_us", "en_US", "en-US"), ("EN-us", "en_US", "en-US"),
            ("es-419", "es_419", "es-419"), ("en-US-u-nu-arab", "en_US@numbers=arab", "en-US-u-nu-arab"),
        ]
        for (input, icu, tag) in pairs {
            let id = try LocaleID(input)
            #expect(id.icuID == icu, "\(input)")
            #expect(id.bcp47 == tag, "\(input)")
        }
        #expect(try LocaleID("pt-BR") == LocaleID("pt_BR"))
    }

    /// CLDR aliases: deprecated codes map to their replacements.
    /// A numbering system ICU does not know (`-u-nu-bogus`) is refused when the tag is read:
    /// ICU's number formatters fail on it (`unumsys_openByName` → U_UNSUPPORTED_ERROR), which
    /// left dates in ISO form and plurals unselected with no word said. Known ones pass.
    @Test func unknownNumberingSystemIsRefused() throws {
        for tag in ["en-u-nu-bogus", "ar@numbers=nosuch", "de-DE-u-nu-xxxx"] {
            #expect(throws: ICUError.self, "\(tag)") { try LocaleID(tag) }
        }
        for tag in ["en-u-nu-thai", "ar-u-nu-latn", "fa@numbers=arabext", "bn", "en-US"] {
            #expect(throws: Never.self, "\(tag)") { try LocaleID(tag) }
        }
    }

    @Test func canonicalForm() throws {
        #expect(try LocaleID("iw").icuID == "he")
        #expect(try LocaleID("iw-IL").icuID == "he_IL")
        #expect(try LocaleID("in").icuID == "id")
        #expect(try LocaleID("tl").icuID == "fil")
        #expect(try LocaleID("sh").icuID == "sr_Latn")
    }

    @Test func parts() throws {
        let id = try LocaleID("zh-Hant-TW")
        #expect(id.language == "zh")
        #expect(id.script == "Hant")
        #expect(id.region == "TW")
        let en = try LocaleID("en")
        #expect(en.script == nil)
        #expect(en.region == nil)
    }

    /// Likely subtags (CLDR likelySubtags).
    @Test func likelySubtags() throws {
        #expect(try LocaleID("zh-HK").maximized().icuID == "zh_Hant_HK")
        #expect(try LocaleID("zh").maximized().icuID == "zh_Hans_CN")
        #expect(try LocaleID("zh-TW").maximized().icuID == "zh_Hant_TW")
        #expect(try LocaleID("sr").maximized().icuID == "sr_Cyrl_RS")
        #expect(try LocaleID("en").maximized().icuID == "en_Latn_US")
        #expect(try LocaleID("pt").maximized().icuID == "pt_Latn_BR")
        #expect(try LocaleID("ar").maximized().icuID == "ar_Arab_EG")
        #expect(try LocaleID("zh_Hant_TW").minimized().icuID == "zh_TW")
        #expect(try LocaleID("en_Latn_US").minimized().icuID == "en")
    }

    /// ICU's C API: uloc_isRightToLeft.
    @Test func writingDirection() throws {
        for rtl in ["ar", "he", "fa", "ur", "ps", "yi", "ckb", "sd", "ug", "dv", "az_Arab", "ar-EG", "he_IL"] {
            #expect(try LocaleID(rtl).isRightToLeft, "\(rtl)")
        }
        for ltr in ["en", "de", "zh_Hant_TW", "ja", "az", "hi", "ru"] {
            #expect(try !LocaleID(ltr).isRightToLeft, "\(ltr)")
        }
        #expect(TextDirection.of("שלום world") == .rightToLeft)
        #expect(TextDirection.of("hello שלום") == .leftToRight)
        #expect(TextDirection.of("123 ...") == .neutral)
        #expect(TextDirection.of("") == .neutral)
    }

    @Test func malformedIDsAreClearErrors() {
        let bad = ["", "en US", "--", "x", "en-", "-en", "en--US", String(repeating: "a", count: 200),
                   "en\u{0}US", "e", "english", "123", "en-US-", "ü", "en_US\n", "zh-Hant_TW"]
        for text in bad {
            do {
                let id = try LocaleID(text)
                Issue.record("accepted '\(text)' as \(id.icuID)")
            } catch {
                #expect(error.operation == "locale id")
                #expect(error.input == text)
                #expect(error.description.contains("locale id"))
            }
        }
    }

    /// Well-formed but unknown languages are accepted; ICU has no data for them.
    @Test func unknownButWellFormed() throws {
        let xx = try LocaleID("xx")
        #expect(xx.icuID == "xx")
        #expect(!xx.hasICUData)
        #expect(try LocaleID("de").hasICUData)
        #expect(try LocaleID("pt_BR").hasICUData)
        // Rules for a language CLDR does not know: everything is "other".
        #expect(try PluralRules.for(xx).categories == [.other])
    }

    /// ICU reads `en__US` as English with the variant "US" (`en-x-lvariant-us`); Herald calls it
    /// malformed and says why. Well-formed ids of every shape ICU ships still parse.
    @Test func malformedICUIdsAreRefusedWithTheReason() throws {
        for (id, reason) in [
            ("en__US", "empty subtag"), ("en_", "empty subtag"), ("_en", "empty subtag"), ("en_US_X", "'X' is not a script"),
            ("@x=y", "no language"), ("en_US_ab", "'ab' is not"),
        ] {
            #expect(throws: ICUError.self, "\(id)") { try LocaleID(id) }
            do { _ = try LocaleID(id) } catch { #expect(error.description.contains(reason), "\(id): \(error)") }
        }
        for id in ["en_US_POSIX", "zh_Hant_TW", "es_419", "ca_ES_VALENCIA", "de_DE@collation=phonebook", "sr_Latn_RS", "en"] {
            #expect((try? LocaleID(id)) != nil, "\(id)")
        }
    }

    @Test func unknownLanguageNote() throws {
        #expect(try LocaleID("xx").unknownLanguageNote(servedBy: "en")?.contains("locale 'xx'") == true)
        #expect(try LocaleID("xx").unknownLanguageNote(servedBy: "en")?.contains("text and plural rules from 'en'") == true)
        #expect(try LocaleID("en-XZ").unknownLanguageNote(servedBy: "en") == nil)
        #expect(try LocaleID("nb").unknownLanguageNote(servedBy: "nb") == nil)
    }
}
