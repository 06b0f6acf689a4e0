import Foundation
import HeraldJSON
import HeraldTestSupport
@testable import HeraldTableFormats
@testable import HeraldTableInterchange
@testable import HeraldTables
import Testing

/// Catalog → XLIFF → catalog gives back the catalog. The check is byte for byte against
/// the catalog as Xcode's layout writes it (`XcodeJSON`, the one writer of String
/// Catalogs: two-space indent, ` : `); the real apps' catalogs were written by Xcode in
/// that layout, so for them this is also their own bytes when they had no quirk.
@Suite struct XLIFFRoundTripTests {
    static let tool = XLIFFDocument.Tool(id: "herald", name: "Herald", version: "test")

    static var project: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    static let catalogs: [String] = [
        project + "/Localizations/Messages.xcstrings", Fixtures.path("xcstrings/Constructs.xcstrings"),
        Fixtures.path("xcstrings/Notifications.xcstrings"),
    ]

    /// The documents of `root` written as text and read back, as `herald import` reads them.
    static func exportedAndRead(_ root: String, languages: [String]? = nil) throws -> [(path: String, document: XLIFFDocument)] {
        let export = try XLIFFExport(root: root, languages: languages)
        #expect(!export.diagnostics.contains { $0.severity == .error })
        return try export.documents.map { lang, doc in
            let path = "\(lang).xliff"
            return (path, try XLIFFDocument.read(Array(doc.text(tool: tool).utf8), path: path))
        }
    }

    static func apply(_ plan: XLIFFImport) throws {
        for w in plan.writes {
            try FileManager.default.createDirectory(atPath: (w.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(w.bytes).write(to: URL(fileURLWithPath: w.path))
        }
    }

    @Test(arguments: catalogs)
    func catalogComesBackFromItsXLIFF(_ file: String) throws {
        let bytes = try #require(try? FileBytes.contents(of: file).get())
        let json = try #require(try JSONParser.parse(String(decoding: bytes, as: UTF8.self)).objectValue)
        let canonical = XcodeJSON.write(.object(json)) + "\n"
        let folder = try TemporaryFolder("herald-xliff")
        let path = try folder.write(canonical, to: "Table.xcstrings")
        // A catalog of the source language alone has no translation to export: the source
        // language's own document then (target = source, with the units' own states).
        var documents = try Self.exportedAndRead(folder.path)
        if documents.isEmpty { documents = try Self.exportedAndRead(folder.path, languages: [json["sourceLanguage"]?.stringValue ?? "en"]) }

        // Into the catalog as it is: nothing changes, nothing is written.
        let same = try XLIFFImport(documents: documents, root: folder.path) { _, _, _, _, _ in [] }
        #expect(same.writes.isEmpty, "\(file): \(same.writes.map(\.path))")
        #expect(same.diagnostics.isEmpty, "\(file): \(same.diagnostics.map(\.description))")

        // Into the catalog without its translations: they come back, byte for byte.
        try folder.write(XcodeJSON.write(.object(XLIFFExport.sourceOnly(json, keepingUnexported: true))) + "\n", to: "Table.xcstrings")
        let plan = try XLIFFImport(documents: documents, root: folder.path) { _, _, _, _, _ in [] }
        #expect(plan.diagnostics.isEmpty, "\(file): \(plan.diagnostics.map(\.description))")
        try Self.apply(plan)
        // Byte for byte, but for the order of plural categories and of languages: a catalog
        // without the translations no longer shows whether it wrote them in CLDR's order
        // (Herald's own writer) or alphabetically (Xcode's), and a language comes back in
        // code-point order (a catalog not in Xcode's layout may put "en" first).
        let back = try JSONParser.parse(String(decoding: try #require(try? FileBytes.contents(of: path).get()), as: UTF8.self))
        #expect(XcodeJSON.write(Self.pluralsSorted(back)) == XcodeJSON.write(Self.pluralsSorted(.object(json))), "\(file)")
    }

    /// `value` with every plural's categories and every key's languages in code-point order.
    static func pluralsSorted(_ value: JSONValue, sortKeys: Bool = false) -> JSONValue {
        if let a = value.arrayValue { return .array(a.map { pluralsSorted($0) }) }
        guard let o = value.objectValue else { return value }
        var pairs = o.entries.map { ($0.key, pluralsSorted($0.value, sortKeys: $0.key == "plural" || $0.key == "localizations")) }
        if sortKeys { pairs.sort { $0.0 < $1.0 } }
        return .object(JSONObject(pairs))
    }

    /// Localization → table → key → value (as JSON text), whatever the key order.
    static func entries(_ tables: [Table]) -> [String: [String: [String: String]]] {
        var out: [String: [String: [String: String]]] = [:]
        for t in tables {
            for e in t.entries where !e.isSourceFallback {
                out[t.localization, default: [:]][t.name, default: [:]][e.key] = JSONWriter.write(TableExport.json(e.message))
            }
        }
        return out
    }

    /// Herald's own `.lproj` tables: every translation comes back from the XLIFF into
    /// empty `.lproj` folders, the same entries (as `export --format json` shows them; in a new file the
    /// keys follow the development language's order, which need not be the old file's).
    @Test func lprojTablesComeBackFromTheirXLIFF() throws {
        let folder = try TemporaryFolder("herald-xliff")
        let source = Self.project + "/Localizations"
        for name in try FileManager.default.contentsOfDirectory(atPath: source) where name.hasSuffix(".lproj") {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder.path(name))
        }
        let original = try Catalog(root: folder.path).loadAll().tables
        let documents = try Self.exportedAndRead(folder.path)
        #expect(documents.count == Set(original.map(\.localization)).count - 1)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "en.lproj" {
            try FileManager.default.removeItem(atPath: folder.path(name))
        }
        let plan = try XLIFFImport(documents: documents, root: folder.path) { _, _, _, _, _ in [] }
        #expect(plan.diagnostics.isEmpty, "\(plan.diagnostics.map(\.description))")
        try Self.apply(plan)
        let back = try Catalog(root: folder.path).loadAll().tables
        let (a, b) = (Self.entries(back), Self.entries(original))
        #expect(a.keys.sorted() == b.keys.sorted())
        for loc in b.keys.sorted() { #expect(a[loc] == b[loc], "\(loc)") }
    }
}
