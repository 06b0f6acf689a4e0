import HeraldDiagnostics
import HeraldTableFormats
import HeraldTables
import Testing

/// A table's entries stored by column: what a plain `.strings` pair costs, measured by the
/// storage's own reserved room (not by a clock or the process's memory, which load changes),
/// and that nothing is lost reading it back: keys, values, origins, order, duplicates.
@Suite struct TableEntriesTests {
    /// `"k0"="v0";"k1"="v1";…` on one line: the hostile benchmark's shape (Tools/bench/hostile).
    static func oneLine(_ n: Int) -> [UInt8] {
        Array((0..<n).map { "\"k\($0)\"=\"v\($0)\";" }.joined().utf8)
    }

    @Test(arguments: [10_000, 40_000])
    func aPlainPairCostsTwoOffsetsAndAnIndexSlot(n: Int) throws {
        let r = StringsReader.read(bytes: Self.oneLine(n), file: "en.lproj/Localizable.strings")
        #expect(r.diagnostics.isEmpty)
        #expect(r.entries.count == n)
        // 8 bytes of offsets and a 4-byte index bucket per entry, the index between 3/8 and
        // 3/4 full: under 24 bytes an entry at any size (the dictionary and key order it
        // replaced took ~330). An `Entry` alone is 64 bytes wide, so a reader that kept
        // entries whole fails.
        let perEntry = Double(r.entries.storageBytes) / Double(n)
        #expect(perEntry < 24, "\(perEntry) bytes an entry at \(n)")
        #expect(MemoryLayout<Entry>.stride >= 24)
    }

    @Test func entriesReadBackWithTheirTextsAndPlaces() throws {
        let n = 1_000
        let r = StringsReader.read(bytes: Self.oneLine(n), file: "f.strings")
        // Pair i starts after pairs 0..<i, each `"k<i>"="v<i>";` (8 bytes + 2 × digits of i):
        // its key at that offset + 1 (columns are 1-based; all ASCII), its value
        // `"k<i>"=` (4 + digits) further on. Counted by hand from the shape, not by the reader.
        var offset = 0
        for i in 0..<n {
            let digits = String(i).count
            let e = r.entries[i]
            #expect(e.key == "k\(i)")
            #expect(e.origin == Origin(file: "f.strings", line: 1, column: offset + 1))
            #expect(e.message == .plain(SourceText("v\(i)", origin: Origin(file: "f.strings", line: 1, column: offset + 1 + 4 + digits))))
            #expect(e.format == .strings && e.comment == nil && !e.isSourceFallback)
            #expect(r.entries["k\(i)"] == e)
            offset += 8 + 2 * digits
        }
        #expect(r.entries["k\(n)"] == nil)
    }

    /// Keys written with escapes, looked up by their decoded text: the lookup compares a
    /// compact entry's key where it is written, reading escapes as it goes. The decoded keys
    /// are the CoreFoundation readings of these escapes (`\n` newline, `\U00e9` é as one
    /// UTF-16 unit, `\UD83D\UDE00` a surrogate pair, `\101` octal 'A', `\"` a quote).
    @Test(arguments: ["utf8", "utf16le-bom", "utf16be-bom"])
    func keysNeedingDecodingAreFoundByTheirText(encoding: String) throws {
        let text = """
            "plain" = "0";
            "line\\nbreak" = "1";
            "caf\\U00e9" = "2";
            "smile \\UD83D\\UDE00" = "3";
            "\\101BC" = "4";
            "say \\"hi\\"" = "5";
            unquoted.key_1 = "6";
            "caf\\U00e9 2" = "7";
            "naïve" = "8";

            """
        let bytes: [UInt8]
        switch encoding {
        case "utf16le-bom": bytes = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "utf16be-bom": bytes = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default: bytes = Array(text.utf8)
        }
        let r = StringsReader.read(bytes: bytes, file: "t.strings")
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let keys = ["plain", "line\nbreak", "café", "smile \u{1F600}", "ABC", "say \"hi\"", "unquoted.key_1", "café 2", "naïve"]
        #expect(r.entries.map(\.key) == keys)
        for (i, key) in keys.enumerated() {
            #expect(r.entries.position(of: key) == i, "\(key)")
            #expect(r.entries[key]?.message.texts.map(\.value) == ["\(i)"], "\(key)")
        }
        // Near misses: a prefix, a longer key, the escape as written, another case.
        for miss in ["caf", "café 23", "caf\\U00e9", "line\\nbreak", "Plain", "unquoted.key", "smile ", "\"plain\"", ""] {
            #expect(r.entries[miss] == nil, "\(miss)")
        }
    }

    @Test func aKeyWrittenAgainKeepsItsPlaceAndTakesTheLastValue() throws {
        let text = "\"a\" = \"1\";\n\"b\" = \"2\";\n/* about a */\n\"a\" = \"3\";\n\"c\";\n\"e\\n\" = x;\n"
        let r = StringsReader.read(bytes: Array(text.utf8), file: "t.strings")
        #expect(r.entries.map(\.key) == ["a", "b", "c", "e\n"])
        #expect(r.entries["a"]?.message.texts.map(\.value) == ["3"])
        #expect(r.entries["a"]?.comment == "about a")
        #expect(r.entries["a"]?.origin == Origin(file: "t.strings", line: 4, column: 1))
        // `"c";` is its own value, at the key's place; escapes are decoded in keys and values.
        #expect(r.entries["c"]?.message == .plain(SourceText("c", origin: Origin(file: "t.strings", line: 5, column: 1))))
        #expect(r.entries["e\n"]?.message.texts.map(\.value) == ["x"])
        #expect(r.diagnostics.map(\.message) == ["key \"a\" is defined again (first at line 1); the last definition wins"])
    }

    @Test func mergingKeepsFirstPlacesAndLetsTheLaterFileWin() throws {
        let strings = StringsReader.read(bytes: Array("\"a\" = \"1\";\n\"b\" = \"2\";\n".utf8), file: "x.strings")
        let o = Origin(file: "x.stringsdict", line: 3, column: 1)
        var later = TableEntries()
        later.set(Entry(key: "c", message: .plain(SourceText("4", origin: o)), format: .stringsdict, origin: o))
        later.set(Entry(key: "a", message: .plain(SourceText("3", origin: o)), format: .stringsdict, origin: o))
        var merged = strings.entries
        merged.merge(later)
        #expect(merged.map(\.key) == ["a", "b", "c"])
        #expect(merged["a"]?.format == .stringsdict)
        #expect(merged["b"] == strings.entries["b"])
        // Two files' texts in one table: the second's pairs are kept whole, read the same.
        let other = StringsReader.read(bytes: Array("\"d\" = \"5\";\n".utf8), file: "y.strings")
        merged.merge(other.entries)
        #expect(merged["d"] == other.entries["d"])
        #expect(merged == TableEntries(Array(merged)))
        merged.sort { $0.key > $1.key }
        #expect(merged.map(\.key) == ["d", "c", "b", "a"])
        #expect(merged["b"] == strings.entries["b"])
    }
}
