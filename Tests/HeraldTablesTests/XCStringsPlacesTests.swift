import HeraldDiagnostics
@testable import HeraldTableFormats
@testable import HeraldTables
import HeraldTestSupport
import Testing

/// A String Catalog's one-string-unit entries are kept as places in the catalog's text:
/// what such an entry costs, measured by the table storage's own reserved room (not by a
/// clock or the process's memory, which load changes), and that each reads back as the
/// entry written: key, value, state, origins, source fallbacks, escapes.
@Suite struct XCStringsPlacesTests {
    static let prefix = #"{"sourceLanguage":"en","strings":{"#

    /// Entry `i` of the hostile benchmark's shape (Tools/bench/hostile/make_inputs.py).
    static func entry(_ i: Int) -> String {
        #""k\#(i)":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"v\#(i)"}}}}"#
    }

    /// `n` such entries on one line.
    static func oneLine(_ n: Int) -> [UInt8] {
        Array((prefix + (0..<n).map(entry).joined(separator: ",") + "}}").utf8)
    }

    @Test(arguments: [10_000, 40_000])
    func aStringUnitCostsItsPlacesNotAnEntry(n: Int) throws {
        let c = XCStringsReader.read(bytes: Self.oneLine(n), file: "Localizable.xcstrings")
        #expect(c.diagnostics.isEmpty)
        let de = try #require(c.localizations["de"]?.entries)
        let en = try #require(c.localizations["en"]?.entries)
        #expect(de.count == n && en.count == n)
        // An 8-byte slot, a 16-byte place and a 4-byte index bucket per entry, arrays grown
        // by doubling: under 64 bytes an entry. An `Entry` alone is at least 64 bytes wide
        // (and holds a message box and a details box besides), so a reader that kept these
        // entries whole fails.
        #expect(MemoryLayout<Entry>.stride >= 64)
        for entries in [de, en] {
            let perEntry = Double(entries.storageBytes) / Double(n)
            #expect(perEntry < 64, "\(perEntry) bytes an entry at \(n)")
        }
    }

    @Test func placesReadBackAsTheEntriesWritten() throws {
        let n = 500
        let c = XCStringsReader.read(bytes: Self.oneLine(n), file: "L.xcstrings")
        let de = try #require(c.localizations["de"]?.entries)
        let en = try #require(c.localizations["en"]?.entries)
        // Entry i starts after the prefix and entries 0..<i (each followed by a comma); its
        // pieces are found by the lengths of the text before them, counted here from the
        // shape, not by the reader. Columns are 1-based; the text is ASCII.
        var start = Self.prefix.utf8.count
        for i in 0..<n {
            let key = "k\(i)"
            let keyColumn = start + 1
            let deColumn = keyColumn + #""k\#(i)":{"localizations":{"#.utf8.count
            let valueColumn = deColumn + #""de":{"stringUnit":{"state":"translated","value":"#.utf8.count
            let d = de[i]
            #expect(d == Entry(
                key: key, message: .plain(SourceText("v\(i)", origin: Origin(file: "L.xcstrings", line: 1, column: valueColumn))),
                format: .xcstrings, origin: Origin(file: "L.xcstrings", line: 1, column: deColumn), state: "translated"))
            #expect(de[key] == d)
            // No `en` localization: the key serves itself, placed at the key.
            let keyOrigin = Origin(file: "L.xcstrings", line: 1, column: keyColumn)
            #expect(en[i] == Entry(key: key, message: .plain(SourceText(key, origin: keyOrigin)), format: .xcstrings, origin: keyOrigin, isSourceFallback: true))
            #expect(en[key] == en[i])
            start += Self.entry(i).utf8.count + 1
        }
        #expect(de["k\(n)"] == nil && en["v0"] == nil)
    }

    /// Escaped keys and values, each state, and entries that are more than one string unit
    /// (kept whole) side by side: each reads back as written (decoded by hand below; columns counted by hand).
    @Test func escapesStatesAndWholeEntriesReadBack() throws {
        let text = #"""
        {"sourceLanguage":"en","strings":{
        "a\"b":{"localizations":{"de":{"stringUnit":{"state":"needs_review","value":"x\ny \u00e9\ud83d\ude00"}}}},
        "\u00e9t\u00e9":{"localizations":{"de":{"stringUnit":{"state":"stale","value":"s"}},"en":{"stringUnit":{"state":"new","value":"summer"}}}},
        "plain":{"localizations":{"de":{"stringUnit":{"value":"p"}}}},
        "odd":{"localizations":{"de":{"stringUnit":{"state":"reviewed?","value":"o"}}}},
        "c":{"comment":"why","localizations":{"de":{"stringUnit":{"state":"translated","value":"C"}}}}
        }}
        """#
        let c = XCStringsReader.read(bytes: Array(text.utf8), file: "L.xcstrings")
        #expect(c.diagnostics.isEmpty)
        let de = try #require(c.localizations["de"]?.entries)
        let en = try #require(c.localizations["en"]?.entries)
        func at(_ line: Int, _ column: Int) -> Origin { Origin(file: "L.xcstrings", line: line, column: column) }
        #expect(Array(de.map(\.key)) == ["a\"b", "été", "plain", "odd", "c"])
        #expect(de["a\"b"] == Entry(key: "a\"b", message: .plain(SourceText("x\ny é😀", origin: at(2, 77))), format: .xcstrings, origin: at(2, 26), state: "needs_review"))
        #expect(de["été"] == Entry(key: "été", message: .plain(SourceText("s", origin: at(3, 79))), format: .xcstrings, origin: at(3, 35), state: "stale"))
        #expect(en["été"] == Entry(key: "été", message: .plain(SourceText("summer", origin: at(3, 127))), format: .xcstrings, origin: at(3, 85), state: "new"))
        #expect(de["plain"] == Entry(key: "plain", message: .plain(SourceText("p", origin: at(4, 55))), format: .xcstrings, origin: at(4, 27)))
        #expect(de["odd"] == Entry(key: "odd", message: .plain(SourceText("o", origin: at(5, 73))), format: .xcstrings, origin: at(5, 25), state: "reviewed?"))
        #expect(de["c"] == Entry(key: "c", message: .plain(SourceText("C", origin: at(6, 88))), format: .xcstrings, origin: at(6, 39), state: "translated", comment: "why"))
        #expect(en["c"] == Entry(key: "c", message: .plain(SourceText("c", origin: at(6, 1))), format: .xcstrings, origin: at(6, 1), comment: "why", isSourceFallback: true))
        #expect(en["a\"b"]?.isSourceFallback == true && en["a\"b"]?.message == .plain(SourceText("a\"b", origin: at(2, 1))))
    }

    /// A catalog already read holds its text (its entries point into it), so listing its
    /// languages scans that text instead of reading the file a second time (two copies of
    /// a 4 MB catalog at once in `herald export`). Shown by changing the file after the read:
    /// the languages listed are the text read's (de), not the new file's (fr).
    @Test func aCatalogReadListsItsLanguagesFromTheTextItHolds() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"A"}}}}}}"#, to: "Localizable.xcstrings")
        let catalog = try Catalog(root: folder.path)
        let de = try #require(catalog.table("Localizable", localization: "de"))
        #expect(de["a"]?.message == .plain(SourceText("A", origin: Origin(file: "Localizable.xcstrings", line: 1, column: 106))))
        _ = try folder.write(#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"fr":{"stringUnit":{"state":"translated","value":"A"}}}}}}"#, to: "Localizable.xcstrings")
        #expect(path == folder.path("Localizable.xcstrings"))
        #expect(catalog.localizations == ["de", "en"])
    }
}
