import Foundation
import HeraldICU
import HeraldJSON
import HeraldTableFormats
import HeraldTableInterchange
import HeraldTables
import Testing

/// Writers must produce files Foundation reads back to the same text, and
/// migrating to and from String Catalogs must round-trip.
@Suite struct ExportTests {
    static let tricky: [(String, String)] = [
        ("quote", "say \"hi\""), ("backslash", #"C:\path\n"#), ("newline", "a\nb\r\nc"), ("tab", "a\tb"),
        ("control", "bell\u{07}nul\u{0}end"), ("emoji", "😀 👍🏽"), ("rtl", "مرحبا"), ("percent", "100%% %@"),
        ("key with \"quotes\" and = ;", "v"), ("", "empty key"), ("single'quote", "it's"), ("comment-like", "/* x */ // y"),
    ]

    func write(_ files: [String: [UInt8]], to dir: String) {
        for (rel, bytes) in files {
            let path = dir + "/" + rel
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        }
    }

    @Test func writtenStringsReadBackThroughFoundation() async throws {
        var t = Table(name: "Localizable", localization: "de")
        for (k, v) in Self.tricky {
            t.set(Entry(key: k, message: .plain(SourceText(v, origin: Origin(file: "x", line: 1, column: 1))), format: .strings, origin: Origin(file: "x", line: 1, column: 1), comment: k == "tab" ? "A */ tricky comment" : nil))
        }
        let files = TableExport.stringsFiles([t])
        #expect(Array(files.keys) == ["de.lproj/Localizable.strings"])
        let dir = Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(files, to: dir)
        let theirs = try #require(try await Plutil.read(dir + "/de.lproj/Localizable.strings"))
        #expect(NSDictionary(dictionary: theirs).isEqual(to: Dictionary(uniqueKeysWithValues: Self.tricky)))
        let ours = StringsReader.read(bytes: Fixtures.bytes(dir + "/de.lproj/Localizable.strings"), file: "f")
        #expect(ours.plainValues == Dictionary(uniqueKeysWithValues: Self.tricky))
        #expect(ours.entries.first { $0.key == "tab" }?.comment == "A * / tricky comment")
        #expect(ours.diagnostics.isEmpty)
    }

    /// .lproj → .lproj through the writer: the same tables (key order aside).
    @Test func lprojRoundTrip() async throws {
        let source = Fixtures.path("app")
        let lproj = try FileManager.default.subpathsOfDirectory(atPath: source).filter { $0.contains(".lproj/") }.map { source + "/" + $0 }
        let original = Catalog(files: lproj, keepDroppedEntries: true).loadAll().tables
        #expect(original.count == 9)
        let dir = Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(TableExport.stringsFiles(original), to: dir)
        // Foundation reads every written file.
        let written = try FileManager.default.subpathsOfDirectory(atPath: dir).filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
        #expect(!written.isEmpty)
        for rel in written { #expect(try await Plutil.read(dir + "/" + rel) != nil, "\(rel)") }
        let back = try Catalog(root: dir).loadAll()
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        #expect(JSONWriter.write(TableExport.json(back.tables), sortedKeys: true) == JSONWriter.write(TableExport.json(original), sortedKeys: true))
    }

    /// A String Catalog written from a catalog reads back to the same JSON,
    /// extractionState included.
    @Test func xcstringsToXcstrings() throws {
        let path = Fixtures.path("xcstrings/Notifications.xcstrings")
        let c = Catalog(files: [path])
        let (out, warnings) = TableExport.xcstrings(c.loadAll().tables, table: "Notifications", sourceLanguage: "en")
        #expect(warnings.isEmpty)
        let original = try JSONParser.parse(bytes: Fixtures.bytes(path))
        #expect(out["strings"]?["Hello %@"]?["extractionState"]?.stringValue == "manual")
        // Per-form states collapse into the entry's state (the least finished
        // form's), so a plural's forms all carry it when written back.
        func states(_ v: JSONValue) -> String {
            JSONWriter.write(v, sortedKeys: true).replacingOccurrences(of: "\"state\":\"new\"", with: "\"state\":\"translated\"")
        }
        #expect(states(out) == states(original))
        #expect(out["strings"]?["%lld new messages"]?["localizations"]?["ru"]?["variations"]?["plural"]?["few"]?["stringUnit"]?["state"]?.stringValue == "new")
        #expect(out["strings"]?["Hello %@"]?["localizations"]?["fr"]?["stringUnit"]?["state"]?.stringValue == "needs_review")
    }

    /// String Catalog → .lproj → String Catalog: the same catalog, except what
    /// .strings files cannot hold (states, extractionState, shouldTranslate).
    @Test func xcstringsThroughLprojAndBack() async throws {
        let path = Fixtures.path("xcstrings/Notifications.xcstrings")
        let first = Catalog(files: [path]).loadAll().tables
        let dir = Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(TableExport.stringsFiles(first), to: dir)
        for rel in try FileManager.default.subpathsOfDirectory(atPath: dir) where rel.contains(".strings") {
            #expect(try await Plutil.read(dir + "/" + rel) != nil, "\(rel)")
        }
        let second = try Catalog(root: dir).loadAll()
        #expect(second.diagnostics.isEmpty, "\(second.diagnostics)")
        func normalized(_ v: JSONValue) -> String {
            var s = JSONWriter.write(v, sortedKeys: true)
            for state in ["new", "needs_review"] { s = s.replacingOccurrences(of: "\"state\":\"\(state)\"", with: "\"state\":\"translated\"") }
            s = s.replacingOccurrences(of: "\"extractionState\":\"manual\",", with: "")
            return s.replacingOccurrences(of: "\"shouldTranslate\":false,", with: "").replacingOccurrences(of: ",\"shouldTranslate\":false", with: "")
        }
        var a = normalized(TableExport.xcstrings(first, table: "Notifications").catalog)
        // A key with no text of the source language serves the key itself; the `.strings`
        // file says so (`"key" = "key";`), and it comes back as that source text.
        func served(_ key: String) -> String { #"{"localizations":{"en":{"stringUnit":{"state":"translated","value":""# + key + #""}}}}"# }
        for key in ["", "Empty entry"] { a = a.replacingOccurrences(of: #"""# + key + #"":{},"#, with: #"""# + key + #"":"# + served(key) + ",") }
        a = a.replacingOccurrences(
            of: #"{"de":{"stringUnit":{"state":"translated","value":"Hallo %@"}},"fr""#,
            with: #"{"de":{"stringUnit":{"state":"translated","value":"Hallo %@"}},"en":{"stringUnit":{"state":"translated","value":"Hello %@"}},"fr""#)
        let b = normalized(TableExport.xcstrings(second.tables, table: "Notifications").catalog)
        #expect(a == b)
    }

    /// .stringsdict → String Catalog: Xcode's mapping.
    @Test func stringsdictToCatalog() throws {
        let c = Catalog(files: [Fixtures.path("stringsdict/Localizable.stringsdict")])
        let (out, warnings) = TableExport.xcstrings(c.loadAll().tables, table: "Localizable")
        #expect(warnings.count == 1)  // the width variants
        let und = out["strings"]?["%@ has %ld files in %ld folders"]?["localizations"]?["und"]
        #expect(und?["stringUnit"]?["value"]?.stringValue == "%1$@ has %#@files@ in %#@folders@")
        #expect(und?["substitutions"]?["files"]?["argNum"]?.intValue == 2)
        #expect(und?["substitutions"]?["folders"]?["argNum"]?.intValue == 3)
        #expect(und?["substitutions"]?["files"]?["variations"]?["plural"]?["one"]?["stringUnit"]?["value"]?.stringValue == "%arg file")
        #expect(und?["substitutions"]?["folders"]?["variations"]?["plural"]?["one"]?["stringUnit"]?["value"]?.stringValue == "one folder")
        let homes = out["strings"]?["%d home(s) found"]?["localizations"]?["und"]?["variations"]?["plural"]
        #expect(homes?["zero"]?["stringUnit"]?["value"]?.stringValue == "No homes found")
        let device = out["strings"]?["Tap to continue"]?["localizations"]?["und"]?["variations"]?["device"]
        #expect(device?["mac"]?["stringUnit"]?["value"]?.stringValue == "Click to continue")
        #expect(device?["other"]?["variations"]?["plural"]?["one"]?["stringUnit"]?["value"]?.stringValue == "Select %lld item")
    }

    /// Docs/cli.md's JSON shape.
    @Test func jsonShape() throws {
        let c = Catalog(files: [Fixtures.path("app/en.lproj/Localizable.strings"), Fixtures.path("app/en.lproj/Localizable.stringsdict")])
        let j = TableExport.json(c.loadAll().tables)
        #expect(j["en"]?["Localizable"]?["greeting"]?.stringValue == "Hello")
        let files = j["en"]?["Localizable"]?["files"]
        #expect(files?["format"]?.stringValue == "%#@n@")
        #expect(files?["variables"]?["n"]?["type"]?.stringValue == "d")
        #expect(files?["variables"]?["n"]?["one"]?.stringValue == "%d file")
        #expect(files?["variables"]?["n"]?["other"]?.stringValue == "%d files")
    }
}
