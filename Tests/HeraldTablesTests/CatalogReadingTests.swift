import Foundation
import HeraldICU
import Testing

@testable import HeraldTableFormats
@testable import HeraldTables

/// What a lookup reads: only its own table's files in the chain's localizations;
/// String Catalogs of other tables are scanned for their languages, never parsed.
@Suite struct CatalogReadingTests {
    static let messages = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "note" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Notiz" } },
                "pt-BR" : { "stringUnit" : { "state" : "translated", "value" : "Nota" } }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    static func catalog(frenchBytes: [UInt8]) -> Catalog {
        Catalog(contents: [
            "en.lproj/Localizable.strings": Array(#""greeting" = "Hello";"#.utf8),
            "de.lproj/Localizable.strings": Array(#""greeting" = "Hallo";"#.utf8),
            "fr.lproj/Localizable.strings": frenchBytes,
            "Messages.xcstrings": Array(messages.utf8),
        ])
    }

    @Test func aGermanLookupReadsOnlyTheGermanTable() throws {
        // The French file is not even a valid table: it must never be read for German.
        let c = Self.catalog(frenchBytes: Array("\"greeting\" = ".utf8) + [0xFF, 0xFE, 0x00])
        let r = try #require(c.lookup(key: "greeting", table: "Localizable", locale: try LocaleID("de-AT")))
        #expect(r.entry.message.texts.first?.value == "Hallo")
        #expect(c.loadedFiles == ["de.lproj/Localizable.strings"])
        // The catalog's languages count for the chain (scanned, not parsed).
        #expect(c.localizations == ["de", "en", "fr", "pt-BR"])
        #expect(c.developmentLocalization == "en")
        #expect(c.loadedFiles == ["de.lproj/Localizable.strings"])
        // A Messages lookup parses the catalog, and still nothing French.
        let m = try #require(c.lookup(key: "note", table: "Messages", locale: try LocaleID("de")))
        #expect(m.entry.message.texts.first?.value == "Notiz")
        #expect(c.loadedFiles == ["Messages.xcstrings", "de.lproj/Localizable.strings"])
    }

    /// Tables held as text (embedded in a binary) make bytes only for the files a lookup reads.
    @Test func textTablesAreReadLazilyAndAgreeWithBytes() throws {
        let texts = [
            "en.lproj/Localizable.strings": #""greeting" = "Hello";"#,
            "de.lproj/Localizable.strings": #""greeting" = "Hallo";"#,
            "fr.lproj/Localizable.strings": #""greeting" = "#,
            "Messages.xcstrings": Self.messages,
        ]
        let c = Catalog(texts: texts)
        let r = try #require(c.lookup(key: "greeting", table: "Localizable", locale: try LocaleID("de")))
        #expect(r.entry.message.texts.first?.value == "Hallo")
        #expect(r.entry.origin == Origin(file: "de.lproj/Localizable.strings", line: 1, column: 1))
        #expect(c.loadedFiles == ["de.lproj/Localizable.strings"])
        let bytes = Catalog(contents: texts.mapValues { Array($0.utf8) })
        #expect(c.localizations == bytes.localizations)
        #expect(c.loadAll().diagnostics == bytes.loadAll().diagnostics)
        #expect(c.loadAll().tables.map(\.name) == bytes.loadAll().tables.map(\.name))
    }

    /// A language only a String Catalog has still decides the chain, as in the
    /// bundle Xcode builds (the catalog becomes `.lproj` folders).
    @Test func catalogLanguagesShapeTheChainWithoutAParse() throws {
        let c = Self.catalog(frenchBytes: Array(#""greeting" = "Bonjour";"#.utf8))
        #expect(c.chain(for: try LocaleID("pt-BR")).first == "pt-BR")
        #expect(c.loadedFiles.isEmpty)
    }

    /// The scan agrees with the full reader on every String Catalog of the project
    /// and the test fixtures: same source language, same languages.
    @Test func scanAgreesWithTheReader() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let project = here.deletingLastPathComponent().deletingLastPathComponent()
        let files = [
            project.appendingPathComponent("Localizations/Messages.xcstrings").path,
            Fixtures.path("xcstrings/Notifications.xcstrings"), Fixtures.path("app/Catalogs/Notifications.xcstrings"),
            project.appendingPathComponent("Tests/HeraldLintTests/Fixtures/good/catalog/Localizable.xcstrings").path,
        ]
        for f in files {
            let bytes = try #require(try? FileBytes.contents(of: f).get(), "\(f)")
            let read = XCStringsReader.read(bytes: bytes, file: f)
            let scanned = try #require(XCStringsScanner.scan(bytes), "\(f)")
            #expect(scanned.sourceLanguage == read.sourceLanguage, "\(f)")
            #expect(scanned.languages == Set(read.localizations.keys), "\(f)")
            #expect(!scanned.languages.isEmpty)
        }
    }

    /// Damaged catalogs: whenever the reader finds a syntax error the scan gives up
    /// (the catalog then parses the file), and whenever the scan answers, it is the
    /// reader's answer. Every truncation and byte replacement of a small catalog.
    @Test func damagedCatalogsNeverGetAScanAnswerTheReaderWouldNotGive() {
        let good = Array(Self.messages.utf8)
        var variants: [[UInt8]] = []
        for n in stride(from: 0, to: good.count, by: 3) { variants.append(Array(good[..<n])) }
        for k in stride(from: 0, to: good.count, by: 2) {
            for b: UInt8 in [0x22, 0x5C, 0x7D, 0x2C, 0x00, 0xC3, 0x61] {
                var v = good
                v[k] = b
                variants.append(v)
            }
        }
        variants.append([0xEF, 0xBB, 0xBF] + good)
        variants.append(Array(#"{"sourceLanguage":"en","strings":{"a":{}},"strings":{}}"#.utf8))
        variants.append(Array(#"{"sourceLanguage":"e\u006e","strings":{"a":{"localizations":{"d\u0065":{"stringUnit":{"state":"translated","value":"x"}}}}}}"#.utf8))
        variants.append(Array(#"{"sourceLanguage":"en","strings":{"a":{"localizations":[]}}}"#.utf8))
        variants.append(Array(#"[1, 2.5e3, true, null, "x"]"#.utf8))
        for v in variants {
            let read = XCStringsReader.read(bytes: v, file: "X.xcstrings")
            let syntaxError = read.diagnostics.contains { $0.rule.rawValue == "syntax" }
            guard let scanned = XCStringsScanner.scan(v) else { continue }
            #expect(!syntaxError, "scan answered for \(String(decoding: v, as: UTF8.self))")
            #expect(scanned.sourceLanguage == read.sourceLanguage, "\(String(decoding: v, as: UTF8.self))")
            // The scan lists a language whose messages are all malformed; the reader does not.
            #expect(scanned.languages.isSuperset(of: read.localizations.keys), "\(String(decoding: v, as: UTF8.self))")
        }
    }
}
