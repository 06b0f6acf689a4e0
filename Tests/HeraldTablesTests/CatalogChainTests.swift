import HeraldICU
import Testing

@testable import HeraldTableFormats
@testable import HeraldTableFormats
@testable import HeraldTables

/// A catalog's chain normalizes only the folder names that can serve the locale; the
/// answer must be the one `LocalizationLookup.match` gives over every localization.
@Suite struct CatalogChainTests {
    /// Folders of a large app, with legacy codes, Apple's English names, odd spellings,
    /// `Base`, and String Catalog languages.
    static let folders = [
        "Base", "en", "en-GB", "en_AU", "English", "German", "de-CH", "fr", "fr_CA", "es", "es-419", "es_MX", "pt-br",
        "pt_PT", "it", "nl", "sv", "da", "nb", "no", "nn", "fi", "is", "ru", "uk", "pl", "cs", "sk", "hu", "ro", "mo",
        "iw", "he", "in", "id", "ms", "tl", "fil", "ji", "jw", "sh", "sr", "sr-Latn", "hr", "bs", "tr", "el", "ar", "ars",
        "fa", "ur", "hi", "hi-Latn", "bn", "ta", "th", "vi", "ko", "ja", "Japanese", "zh-Hans", "zh_Hant", "zh-HK",
        "zh-TW", "zh_CN", "zh", "yue", "yue-Hans", "wuu", "ca", "eu", "gl", "cy", "ga", "heb", "zh-Hant_TW", "xx-YY",
    ]

    static func catalog() -> Catalog {
        var contents: [String: [UInt8]] = [:]
        for f in folders { contents["\(f).lproj/Localizable.strings"] = Array("\"k\" = \"\(f)\";".utf8) }
        contents["Messages.xcstrings"] = Array(#"""
            {"sourceLanguage":"en","version":"1.0","strings":{"m":{"localizations":{
              "en":{"stringUnit":{"state":"translated","value":"M"}},
              "kk":{"stringUnit":{"state":"translated","value":"Қ"}},
              "pt-AO":{"stringUnit":{"state":"translated","value":"Mo"}},
              "iw":{"stringUnit":{"state":"translated","value":"מ"}}}}}}
            """#.utf8)
        return Catalog(contents: contents)
    }

    static let locales = [
        "en", "en-US", "en-GB", "en-AU", "en-NZ", "en-IN", "de", "de-AT", "de-CH", "fr-CA", "fr-BE", "es-MX", "es-AR",
        "pt-BR", "pt-PT", "pt-AO", "nb-NO", "no", "nn", "he", "iw", "id", "in", "fil", "tl", "yi", "jv", "ro", "ro-MD",
        "sr", "sr-Latn", "sr-Latn-RS", "sh", "bs", "hr", "ar", "ar-EG", "ars", "hi", "hi-Latn", "ja", "ja-JP", "ko",
        "zh", "zh-Hans", "zh-Hans-CN", "zh-CN", "zh-SG", "zh-Hant", "zh-TW", "zh-HK", "zh-MO", "yue", "yue-HK",
        "yue-CN", "wuu", "kk", "cy", "ga-IE", "eu", "qu", "xx-YY", "th-TH-u-nu-thai",
    ]

    @Test func chainIsTheMatchOverEveryLocalization() throws {
        for tag in Self.locales {
            let locale = try LocaleID(tag)
            // A fresh catalog each time, so the filtered listing is the one computed.
            let c = Self.catalog()
            let chain = c.chain(for: locale)
            let all = Self.catalog()
            let expected = LocalizationLookup.match(locale, available: all.localizations, development: all.developmentLocalization)
            #expect(chain == expected, "\(tag)")
            // Lookups read the same file as a catalog that normalized everything first.
            let full = Self.catalog()
            _ = full.localizations
            let a = c.lookup(key: "k", table: "Localizable", locale: locale)
            let b = full.lookup(key: "k", table: "Localizable", locale: locale)
            #expect(a?.localization == b?.localization && a?.entry.origin == b?.entry.origin, "\(tag)")
        }
    }

    /// Hand-checked answers for the legacy and alias folders (Apple's rules in LocalizationLookup).
    @Test func legacyAndAliasFoldersStillServe() throws {
        let c = Self.catalog()
        // "he" and "iw" normalize alike; the exact spelling wins.
        #expect(c.chain(for: try LocaleID("he")).first == "he")
        #expect(c.chain(for: try LocaleID("nb-NO")).first == "nb")
        // "Japanese" and "ja" are one localization; the first folder listed (byte order) names it.
        #expect(c.chain(for: try LocaleID("ja-JP")).first == "Japanese")
        #expect(c.chain(for: try LocaleID("de-AT")).first == "German")
        #expect(c.chain(for: try LocaleID("en-NZ")).prefix(2) == ["en_AU", "en-GB"])
        #expect(c.chain(for: try LocaleID("zh-HK")).first == "zh-HK")
        #expect(c.chain(for: try LocaleID("pt-AO")).first == "pt-AO")
        #expect(c.chain(for: try LocaleID("kk")).first == "kk")
        #expect(c.chain(for: try LocaleID("qu")) == ["English", "Base"])
        let hebrew = try #require(c.lookup(key: "k", table: "Localizable", locale: try LocaleID("he")))
        #expect(hebrew.localization == "he")
    }
}

/// The byte-wise reading of a file's path (printable ASCII) classifies exactly as the
/// Character-wise one.
@Suite struct CatalogClassifyTests {
    @Test func asciiPathsClassifyAsTheGeneralReading() throws {
        let paths = [
            "en.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict", "Messages.xcstrings", "a/b/pt-BR.lproj/X.strings",
            "Localizable.strings", ".strings", "en.lproj/.strings", "en.lproj/.stringsdict", "x/.xcstrings", "en.lproj/readme.txt",
            "en.lproj//Localizable.strings", "/abs/zh_Hant.lproj/T.icu.strings", "en.lproj/", "", "/", "lproj/T.strings",
            ".lproj/T.strings", "en.lproj/T.STRINGS", "en.lproj/T.xcstrings", "en.LPROJ/T.strings", "a.strings/b", "x.stringsdict.strings",
            "sub/dir/Cat.xcstrings", "English.lproj/InfoPlist.strings", "en.lproj/T.strings/",
        ]
        for path in paths {
            let fast = TablePath.printableASCII(path)
            #expect(fast != nil, "\(path)")
            #expect(fast ?? nil == TablePath.anyPath(path), "\(path)")
        }
        // Not printable ASCII: left to the general reading.
        #expect(TablePath.printableASCII("fr.lproj/Caf\u{E9}.strings") == nil)
        #expect(TablePath.printableASCII("fr.lproj/A\tB.strings") == nil)
        #expect(Catalog.classify(readPath: "x", displayPath: "fr.lproj/Caf\u{E9}.strings")?.table == "Caf\u{E9}")
        // The one reading of a table file's path.
        #expect(TablePath("de.lproj/Localizable.stringsdict") == TablePath(format: .stringsdict, table: "Localizable", localization: "de"))
        #expect(TablePath("Localizable.strings")?.localization == nil)
        #expect(TablePath("Localizable.strings")?.isInBundle == false)
        #expect(TablePath(".lproj/T.strings")?.isInBundle == false)
        #expect(TablePath("a/Messages.xcstrings")?.isInBundle == true)
        #expect(Catalog.classify(readPath: "x", displayPath: "Localizable.strings")?.localization == "und")
        #expect(TableFormat(fileName: "x.stringsdict") == .stringsdict)
        #expect(TableFormat(fileName: ".strings") == nil)
        #expect(TableFormat.tableName(of: "a/en.lproj/Main.strings") == "Main")
    }
}
