import Foundation
import HeraldICU
import HeraldTableFormats
import HeraldTables
import Testing

/// String Catalogs mapped onto the Message model (see XCStringsReader's header).
@Suite struct XCStringsTests {
    let file = XCStringsReader.read(bytes: Fixtures.bytes(Fixtures.path("xcstrings/Notifications.xcstrings")), file: "Notifications.xcstrings")

    @Test func catalogLevel() {
        #expect(file.table == "Notifications")
        #expect(file.sourceLanguage == "en" && file.version == "1.0")
        #expect(Set(file.localizations.keys) == ["en", "de", "fr", "ru"])
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        #expect(!file.droppedOnDevice)
    }

    @Test func stringUnitsAndStates() throws {
        let de = try #require(file.localizations["de"]?.entries.first { $0.key == "Hello %@" })
        #expect(de.message == .plain(SourceText("Hallo %@", origin: Origin(file: "Notifications.xcstrings", line: 17, column: 23))))
        #expect(de.state == "translated" && de.comment == "Greeting with a name" && de.format == .xcstrings)
        #expect(de.origin == Origin(file: "Notifications.xcstrings", line: 14, column: 9))
        let fr = try #require(file.localizations["fr"]?.entries.first { $0.key == "Hello %@" })
        #expect(fr.state == "needs_review")
    }

    /// `"key" : { }` serves the key itself in the source language.
    @Test func emptyEntriesFallBackToTheKey() throws {
        let en = try #require(file.localizations["en"])
        let empty = try #require(en.entries.first { $0.key == "Empty entry" })
        guard case .plain(let t) = empty.message else { Issue.record("not plain"); return }
        #expect(t.value == "Empty entry" && t.origin.line == 7)
        #expect(en.entries.contains { $0.key == "" })
        // Keys with only other languages still serve the key in English.
        #expect(en.entries.contains { $0.key == "Hello %@" && $0.message.texts.first?.value == "Hello %@" })
        #expect(file.localizations["de"]?.entries.contains { $0.key == "Empty entry" } == false)
    }

    @Test func pluralVariationsBecomeOneSyntheticVariable() throws {
        let ru = try #require(file.localizations["ru"]?.entries.first { $0.key == "%lld new messages" })
        guard case .plural(let format, let vars) = ru.message else { Issue.record("not plural"); return }
        #expect(format.value == "%#@plural@")
        let v = try #require(vars["plural"])
        #expect(v.valueType == "lld" && v.argNum == 1)
        #expect(Set(v.forms.keys) == [.one, .few, .many, .other])
        #expect(v.forms[.many]?.value == "%lld новых сообщений")
        #expect(ru.state == "new")
    }

    @Test func substitutionsKeepArgNumAndPercentArg() throws {
        let en = try #require(file.localizations["en"]?.entries.first { $0.key == "%@ shared %lld photos" })
        guard case .plural(let format, let vars) = en.message else { Issue.record("not plural"); return }
        #expect(format.value == "%1$@ shared %#@photos@")
        let v = try #require(vars["photos"])
        #expect(v.argNum == 2 && v.valueType == "lld")
        #expect(v.forms[.one]?.value == "%arg photo")
        #expect(v.forms[.other]?.origin.line == 74)
    }

    @Test func deviceVariationsNest() throws {
        let en = try #require(file.localizations["en"]?.entries.first { $0.key == "Tap to open" })
        guard case .devices(let ds) = en.message else { Issue.record("not devices"); return }
        #expect(Set(ds.keys) == ["mac", "iphone", "other"])
        guard case .plural(_, let vars)? = ds["iphone"] else { Issue.record("iphone not plural"); return }
        #expect(vars["plural"]?.valueType == "d")
    }

    @Test func shouldTranslate() throws {
        let brand = try #require(file.localizations["en"]?.entries.first { $0.key == "BRAND" })
        #expect(!brand.shouldTranslate)
    }

    @Test func brokenJSONIsPositioned() {
        let bytes = Fixtures.bytes(Fixtures.path("xcstrings/bad-trailing-comma.xcstrings.txt"))
        let r = XCStringsReader.read(bytes: bytes, file: "bad.xcstrings")
        #expect(r.droppedOnDevice)
        #expect(r.diagnostics.first?.origin?.line == 5)
        #expect(r.localizations.isEmpty)
    }

    @Test func structureProblemsAreReported() {
        let json = #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"stringUnit":{"state":"translated"}},"fr":{"variations":{"plural":{"eins":{"stringUnit":{"value":"x"}},"other":{"stringUnit":{"value":"y"}}}}}}},"b":3}}"#
        let r = XCStringsReader.read(bytes: Array(json.utf8), file: "s.xcstrings")
        let messages = r.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("no string \"value\"") })
        #expect(messages.contains { $0.contains("\"eins\"") })
        #expect(messages.contains { $0.contains("entry \"b\"") })
        #expect(r.localizations["fr"]?.entries.count == 1)
    }

    /// Device variations are read the same way in a localization and in a plural form: an
    /// unknown device is warned about and kept, a value that is not an object is named with
    /// its type (as plural variations and substitutions are). Expected texts written by hand.
    @Test func deviceVariationsAndSubstitutionsAreCheckedAlike() throws {
        let json = #"""
            {"sourceLanguage":"en","strings":{
              "a":{"localizations":{"en":{"variations":{"device":{"iphone":{"stringUnit":{"value":"Phone"}},"toaster":{"stringUnit":{"value":"Toast"}}}}},
                                    "de":{"variations":{"device":"x"}},
                                    "fr":{"variations":{"plural":{"other":{"variations":{"device":[1]}}}}}}},
              "b":{"localizations":{"en":{"substitutions":7,"stringUnit":{"value":"%#@n@"}}}}}}
            """#
        let r = XCStringsReader.read(bytes: Array(json.utf8), file: "s.xcstrings")
        let messages = r.diagnostics.map(\.message)
        #expect(messages.contains("unknown device \"toaster\" in \"a\""))
        #expect(messages.contains("device variations of \"a\" are a string, not an object"))
        #expect(messages.contains("device variations of \"a\" are an array, not an object"))
        #expect(messages.contains("substitutions of \"b\" are a number, not an object"))
        let en = try #require(r.localizations["en"]?.entries.first { $0.key == "a" })
        guard case .devices(let byDevice) = en.message else {
            Issue.record("not device variations: \(en.message)")
            return
        }
        #expect(byDevice.keys.sorted() == ["iphone", "toaster"])
    }

    @Test func formatSpecifierScanner() {
        #expect(FormatSpecifiers.all(in: "%1$@ has %2$ld of %%d %.2f").map(\.conversion) == ["@", "ld", ".2f"])
        #expect(FormatSpecifiers.all(in: "%@ %d %#@x@ %u").map(\.argument) == [1, 2, 4])
        #expect(FormatSpecifiers.firstNumeric(in: "%@ has %lld")?.0 == 2)
        #expect(FormatSpecifiers.firstNumeric(in: "%arg photos") == nil)
    }
}
