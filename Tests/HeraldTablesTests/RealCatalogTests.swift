import Foundation
import HeraldICU
import HeraldJSON
import HeraldTables
import Testing

/// String Catalogs of public open-source apps (Fixtures/real-catalogs; each
/// file is named owner__repository__table, see SOURCES.md there) read to the
/// keys and values Python's json module reads from them (expected.json,
/// written by make-expected.py in that folder, not by Herald).
@Suite struct RealCatalogTests {
    static let folder = Fixtures.path("real-catalogs")
    static let files = Fixtures.files("real-catalogs", ext: "xcstrings")

    static let expected: JSONValue = {
        (try? JSONParser.parse(bytes: Fixtures.bytes(folder + "/expected.json"))) ?? .null
    }()

    /// Herald's export JSON of one catalog, in expected.json's shape: the
    /// synthetic `plural` variable's argNum and type (which Herald works out
    /// from the forms' specifiers) left out, since the script does not guess them.
    static func herald(_ file: String) -> (JSONValue, [Diagnostic]) {
        let catalog = Catalog(files: [file])
        let contents = catalog.loadAll()
        var out = JSONObject()
        for t in contents.tables {
            var keys = JSONObject()
            for e in t.entries {
                keys[e.key] = strip(TableExport.json(e.message))
            }
            out[t.localization] = .object(keys)
        }
        return (.object(out), contents.diagnostics)
    }

    static func strip(_ v: JSONValue) -> JSONValue {
        guard case .object(var o) = v else { return v }
        if o["format"]?.stringValue == "%#@plural@", case .object(var vars)? = o["variables"], case .object(var p)? = vars["plural"] {
            p["type"] = nil
            p["argNum"] = nil
            vars["plural"] = .object(p)
            o["variables"] = .object(vars)
        }
        if case .object(let ds)? = o["devices"] {
            var out = JSONObject()
            for (d, m) in ds { out[d] = strip(m) }
            o["devices"] = .object(out)
        }
        return .object(o)
    }

    @Test func everyRealCatalogIsThere() {
        #expect(Self.files.count >= 12)
        #expect(Self.expected.objectValue?.count == Self.files.count)
    }

    @Test(arguments: files)
    func readsTheSameKeysAndValuesAsJSON(_ file: String) throws {
        let name = (file as NSString).lastPathComponent
        let want = try #require(Self.expected[name])
        let (got, diagnostics) = Self.herald(file)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        #expect(
            JSONWriter.write(got, sortedKeys: true) == JSONWriter.write(want, sortedKeys: true),
            "\(name): Herald's reading differs from the JSON's")
    }

    /// Phrase sets keep their phrases in order, per language, with the
    /// number of phrases each language chose (BreadUp: 3 in en, 2 in es).
    @Test func phraseSetsOfAnAppShortcutsCatalog() throws {
        let file = Self.folder + "/jlezcanof__BreadUp__AppShortcuts.xcstrings"
        let read = XCStringsReader.read(bytes: Fixtures.bytes(file), file: "AppShortcuts.xcstrings")
        #expect(read.sourceLanguage == "es" && read.version == "1.2")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let key = "Obtiene una receta en ${applicationName}"
        let es = try #require(read.localizations["es"]?.entries.first { $0.key == key })
        guard case .phrases(let phrases) = es.message else { Issue.record("not a phrase set: \(es.message)"); return }
        #expect(phrases.map(\.value) == ["Obtiene una receta en ${applicationName}", "Busca una receta a partir del nombre en ${applicationName}"])
        // Each phrase points at its own line of the file (lines 21 and 22, counted by hand).
        #expect(phrases.map(\.origin.line) == [21, 22])
        #expect(es.state == "new" && es.extractionState == "extracted_with_value")
        let en = try #require(read.localizations["en"]?.entries.first { $0.key == key })
        #expect(Array(en.message.texts).count == 3 && en.state == "translated")
    }

    /// A catalog whose source language is not English (zh-Hans) serves its
    /// keys as zh-Hans text, and its English as written.
    @Test func nonEnglishSourceLanguage() throws {
        let catalog = Catalog(files: [Self.folder + "/CofficLab__Wakey__Localizable.xcstrings"])
        #expect(catalog.developmentLocalization == "zh-Hans")
        let zh = try #require(catalog.lookup(key: "允许系统休眠", table: "CofficLab__Wakey__Localizable", locale: LocaleID("zh-Hans")))
        #expect(zh.entry.message.texts.first?.value == "允许系统休眠" && zh.entry.isSourceFallback)
        let en = try #require(catalog.lookup(key: "允许系统休眠", table: "CofficLab__Wakey__Localizable", locale: LocaleID("en")))
        #expect(en.entry.message.texts.first?.value == "Allow System Sleep")
        #expect(en.entry.extractionState == nil)
        let stale = try #require(catalog.lookup(key: "关于", table: "CofficLab__Wakey__Localizable", locale: LocaleID("en")))
        #expect(stale.entry.extractionState == "stale")
    }
}

/// Constructs real catalogs were not found to use but Xcode writes
/// (Fixtures/xcstrings/Constructs.xcstrings, written by hand; the expected
/// values are read off that file).
@Suite struct CatalogConstructTests {
    static let path = Fixtures.path("xcstrings/Constructs.xcstrings")
    let file = XCStringsReader.read(bytes: Fixtures.bytes(path), file: "Constructs.xcstrings")

    func entry(_ key: String) throws -> Entry {
        try #require(file.localizations["de"]?.entries.first { $0.key == key })
    }

    @Test func catalogLevel() {
        #expect(file.sourceLanguage == "de" && file.version == "1.1")
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        #expect(file.localizations.values.allSatisfy { $0.diagnostics.isEmpty })
    }

    /// "Vary by device" inside "vary by plural": one plural per device.
    @Test func devicesInsidePluralForms() throws {
        let e = try entry("%lld items")
        guard case .devices(let ds) = e.message else { Issue.record("not devices: \(e.message)"); return }
        #expect(Set(ds.keys) == ["iphone", "other"])
        guard case .plural(let f, let iphone)? = ds["iphone"], case .plural(_, let other)? = ds["other"] else {
            Issue.record("device values are not plurals")
            return
        }
        #expect(f.value == "%#@plural@")
        #expect(iphone["plural"]?.forms[.one]?.value == "%lld Objekt auf dem iPhone")
        #expect(iphone["plural"]?.forms[.other]?.value == "%lld Objekte")
        #expect(other["plural"]?.forms[.one]?.value == "%lld Objekt")
        #expect(other["plural"]?.forms[.other]?.value == "%lld Objekte")
        #expect(iphone["plural"]?.argNum == 1 && iphone["plural"]?.valueType == "lld")
    }

    @Test func pluralInsideDevices() throws {
        let e = try entry("Tap")
        guard case .devices(let ds) = e.message else { Issue.record("not devices"); return }
        guard case .plural(_, let mac)? = ds["mac"] else { Issue.record("mac is not a plural"); return }
        #expect(mac["plural"]?.forms[.one]?.value == "%lld Mal klicken")
        #expect(ds["other"] == .plain(SourceText("Tippen", origin: ds["other"]?.texts.first?.origin ?? Origin(file: "", line: 0, column: 0))))
        // The least finished unit's state is the entry's.
        #expect(e.state == "new")
    }

    @Test func entryFieldsAndStates() throws {
        let brand = try entry("Brand")
        #expect(!brand.shouldTranslate && brand.comment == "The product name" && brand.isCommentAutoGenerated)
        #expect(brand.extractionState == "manual")
        let photos = try entry("Photos")
        #expect(photos.state == "stale" && photos.extractionState == "migrated")
        guard case .plural(let format, let vars) = photos.message else { Issue.record("not plural"); return }
        #expect(format.value == "%1$@ hat %#@photos@ aufgenommen")
        #expect(vars["photos"]?.argNum == 2 && vars["photos"]?.valueType == "lld" && vars["photos"]?.forms[.one]?.value == "%arg Foto")
        let review = try entry("Review")
        #expect(review.state == "needs_review" && review.extractionState == "extracted_with_value")
    }

    /// Written back as a String Catalog, the file reads to the same JSON
    /// except where the model is documented to differ: device variations
    /// inside plural forms come back as plurals inside device variations.
    @Test func roundTripThroughACatalog() throws {
        let tables = Catalog(files: [Self.path]).loadAll().tables
        let (out, warnings) = TableExport.xcstrings(tables, table: "Constructs", sourceLanguage: "de")
        #expect(warnings.isEmpty)
        var original = try JSONParser.parse(bytes: Fixtures.bytes(Self.path))
        let written = out["strings"]?["%lld items"]
        #expect(written?["localizations"]?["de"]?["variations"]?["device"]?["iphone"]?["variations"]?["plural"]?["one"]?["stringUnit"]?["value"]?.stringValue == "%lld Objekt auf dem iPhone")
        if case .object(var root) = original, case .object(var strings)? = root["strings"] {
            strings["%lld items"] = written
            root["strings"] = .object(strings)
            original = .object(root)
        }
        // Unit states collapse into the entry's state (the least finished one).
        func states(_ v: JSONValue) -> String {
            var s = JSONWriter.write(v, sortedKeys: true)
            for st in ["new", "stale"] { s = s.replacingOccurrences(of: "\"state\":\"\(st)\"", with: "\"state\":\"translated\"") }
            return s
        }
        #expect(states(out) == states(original))
        #expect(out["version"]?.stringValue == "1.1" && out["sourceLanguage"]?.stringValue == "de")
        #expect(out["strings"]?["Search in ${applicationName}"]?["localizations"]?["de"]?["stringSet"]?["values"]?.arrayValue?.count == 2)
        #expect(out["strings"]?["Brand"]?["isCommentAutoGenerated"]?.boolValue == true)
    }

    /// .strings files cannot hold a phrase set: the key is left out and a warning says so.
    @Test func phraseSetsAreLeftOutOfStringsFilesWithAWarning() throws {
        let tables = Catalog(files: [Self.path]).loadAll().tables
        var warnings: [TableExport.Warning] = []
        let files = TableExport.stringsFiles(tables, warnings: &warnings)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("App Shortcuts phrase set") == true)
        let strings = String(decoding: try #require(files["de.lproj/Constructs.strings"]), as: UTF8.self)
        #expect(!strings.contains("applicationName"))
        #expect(strings.contains("\"Review\" = \"Prüfen\";"))
    }

    /// JSON export shows a phrase set as {"phrases": […]}.
    @Test func jsonExportOfAPhraseSet() {
        let j = TableExport.json(Catalog(files: [Self.path]).loadAll().tables)
        let phrases = j["de"]?["Constructs"]?["Search in ${applicationName}"]?["phrases"]?.arrayValue?.compactMap(\.stringValue)
        #expect(phrases == ["Suche in ${applicationName}", "Finde 100% in ${applicationName}"])
    }

    /// Malformed phrase sets are reported where they are.
    @Test func malformedPhraseSets() {
        let text = #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"stringSet":{"values":["ok",3]}}}},"b":{"localizations":{"en":{"stringSet":{"state":"new"}}}}}}"#
        let r = XCStringsReader.read(bytes: Array(text.utf8), file: "S.xcstrings")
        let messages = r.diagnostics.map(\.message) + r.localizations.values.flatMap { $0.diagnostics.map(\.message) }
        #expect(messages.contains { $0.contains("phrase 2 of \"a\" is a number, not a string") }, "\(messages)")
        #expect(messages.contains { $0.contains("stringSet of \"b\" has no \"values\" array") }, "\(messages)")
        #expect(r.localizations["en"]?.entries.first { $0.key == "a" }?.message.texts.map(\.value) == ["ok"])
    }
}
