import Foundation
import HeraldICU
import HeraldTableFormats
import HeraldTables
import Testing

/// The catalog loads tables as a device does, lazily, thread-safely.
@Suite struct CatalogTests {
    let root = Fixtures.path("app")

    func text(_ c: Catalog, _ key: String, _ locale: String, table: String = "Localizable") throws -> String? {
        guard let r = c.lookup(key: key, table: table, locale: try LocaleID(locale)) else { return nil }
        return r.entry.message.texts.first?.value
    }

    @Test func scanFindsLocalizationsAndTables() throws {
        let c = try Catalog(root: root)
        #expect(c.tableNames == ["Alerts", "Localizable", "Notifications"])
        #expect(c.localizations == ["Base", "de", "en", "fr", "mul", "pt-PT", "pt-br", "ru", "zh-hans"])
        #expect(c.scanDiagnostics.isEmpty)
    }

    @Test func lookupFollowsTheDeviceChain() throws {
        let c = try Catalog(root: root)
        #expect(try text(c, "greeting", "de-AT") == "Hallo")
        #expect(try text(c, "greeting", "pt-BR") == "Olá (Brasil)")
        #expect(try text(c, "greeting", "pt-AO") == "Olá (Portugal)")
        #expect(try text(c, "greeting", "zh-Hans-CN") == "你好")
        #expect(try text(c, "greeting", "ja") == "Hello")  // development localization
        #expect(try text(c, "only-en", "de") == "English only")
        #expect(try text(c, "only-base", "de") == "From Base")
        #expect(try text(c, "greeting", "de", table: "Alerts") == "Hallo (Mitteilungen)")
        #expect(try text(c, "missing", "de") == nil)
        let r = try #require(c.lookup(key: "greeting", table: "Localizable", locale: try LocaleID("pt-BR")))
        #expect(r.localization == "pt-br" && r.table == "Localizable")
        #expect(r.entry.origin == Origin(file: "pt-br.lproj/Localizable.strings", line: 1, column: 1))
    }

    @Test func stringsdictOverridesStringsPerKey() throws {
        let c = try Catalog(root: root)
        let t = try #require(c.table("Localizable", localization: "en"))
        guard case .plural(_, let vars)? = t["files"]?.message else { Issue.record("stringsdict did not override"); return }
        #expect(vars["n"]?.forms[.one]?.value == "%d file")
        #expect(t["greeting"]?.format == .strings)
        #expect(t["dup"]?.message.texts.first?.value == "second")
        #expect(t.files == ["en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict"])
        #expect(t.diagnostics.contains { $0.rule.rawValue == "duplicate-key" && $0.subject.key == "dup" && $0.origin?.line == 6 })
        #expect(t.entries.map(\.key) == ["greeting", "files", "only-en", "dup"])
    }

    /// A file with a syntax error is dropped on device: lookups fall back,
    /// the linter still sees what could be recovered.
    @Test func brokenFileIsDroppedButReported() throws {
        let device = try Catalog(root: root)
        #expect(try text(device, "greeting", "fr") == "Hello")
        let fr = try #require(device.table("Localizable", localization: "fr"))
        #expect(fr.entries.isEmpty)
        let err = try #require(fr.diagnostics.first { $0.dropsFile })
        #expect(err.origin == Origin(file: "fr.lproj/Localizable.strings", line: 2, column: 38))
        #expect(err.rule.rawValue == "syntax")

        let lint = try Catalog(root: root, keepDroppedEntries: true)
        #expect(try text(lint, "greeting", "fr") == "Bonjour")
        #expect(try text(lint, "only-fr", "fr") == "manque le point-virgule")
        #expect(try text(lint, "other", "fr") == "x")
    }

    @Test func stringCatalogsBelowTheRoot() throws {
        let c = try Catalog(root: root)
        #expect(try text(c, "Hello %@", "de", table: "Notifications") == "Hallo %@")
        #expect(try text(c, "Empty entry", "de", table: "Notifications") == "Empty entry")
        let r = try #require(c.lookup(key: "%lld new messages", table: "Notifications", locale: try LocaleID("ru")))
        #expect(r.localization == "ru")
        #expect(r.entry.origin.file == "Catalogs/Notifications.xcstrings")
    }

    @Test func loadingIsLazy() throws {
        let c = try Catalog(root: root)
        #expect(c.loadedFiles.isEmpty)
        _ = c.table("Localizable", localization: "de")
        #expect(c.loadedFiles == ["de.lproj/Localizable.strings"])
    }

    @Test func loadAllHasEveryDiagnostic() throws {
        let all = try Catalog(root: root, keepDroppedEntries: true).loadAll()
        #expect(all.tables.count == 13)
        #expect(all.diagnostics.contains { $0.rule.rawValue == "duplicate-key" && $0.origin?.file == "en.lproj/Localizable.strings" })
        #expect(all.diagnostics.contains { $0.dropsFile && $0.origin?.file == "fr.lproj/Localizable.strings" })
    }

    @Test func concurrentLookupsAgree() throws {
        let c = try Catalog(root: root)
        let locales = ["de", "fr", "pt-BR", "pt-PT", "zh-Hans", "en", "ja", "ru"].map { LocaleID(unchecked: $0) }
        let results = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let l = locales[i % locales.count]
            let v = c.lookup(key: "greeting", table: "Localizable", locale: l)?.entry.message.texts.first?.value ?? "-"
            results.withLock { $0.append("\(l.icuID)=\(v)") }
        }
        let distinct = Set(results.withLock { $0 })
        #expect(distinct.count == locales.count)
    }

    @Test func inMemoryTables() throws {
        let c = Catalog(contents: [
            "en.lproj/Localizable.strings": Array("\"a\" = \"A\";".utf8),
            "de.lproj/Localizable.strings": Array("\"a\" = \"Ä\";".utf8),
            "Alerts.xcstrings": Fixtures.bytes(Fixtures.path("xcstrings/Notifications.xcstrings")),
        ])
        #expect(try text(c, "a", "de-CH") == "Ä")
        #expect(try text(c, "Hello %@", "fr", table: "Alerts") == "Bonjour %@")
        #expect(c.lookup(key: "a", table: "Localizable", locale: .english)?.entry.origin.file == "en.lproj/Localizable.strings")
    }

    @Test func explicitFiles() throws {
        let f = root + "/de.lproj/Localizable.strings"
        let c = Catalog(files: [f, root + "/README.txt"])
        #expect(c.localizations == ["de"])
        #expect(c.scanDiagnostics.count == 1)
        #expect(c.table("Localizable", localization: "de")?["greeting"]?.origin.file == f)
    }

    /// A folder that is not there is an error the caller sees, not an empty catalog
    /// that renders nothing but fallbacks.
    @Test func missingRootIsAThrownError() {
        #expect(throws: CatalogError(path: "/nonexistent/herald", message: "no such file or directory")) {
            try Catalog(root: "/nonexistent/herald")
        }
        let notATable = root + "/README.txt"
        #expect(throws: CatalogError(path: notATable, message: "not a folder of tables nor a .strings, .stringsdict or .xcstrings file")) {
            try Catalog(root: notATable)
        }
        // A table file as root is still read as that one file.
        let one = try? Catalog(root: root + "/de.lproj/Localizable.strings")
        #expect(one?.localizations.isEmpty == false)
    }
}

import Synchronization
