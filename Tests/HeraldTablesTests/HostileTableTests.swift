import HeraldICU
import HeraldJSON
import HeraldTableFormats
import HeraldTableInterchange
import HeraldTables
import Testing

/// Hostile table files next to good ones. Each case asserts the exact
/// diagnostic (rule, message, file:line:column, whether the device drops the
/// file) and that nothing else was lost: the other localizations and tables
/// still load and look up as before.
@Suite struct HostileTableTests {
    /// A hostile file, where it sits, and the one diagnostic it must produce.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var path: String
        var bytes: [UInt8]
        var rule: String
        var message: String
        var line: Int
        var column: Int
        var dropped: Bool
        var description: String { name }
    }

    static let good: [String: [UInt8]] = [
        "en.lproj/Localizable.strings": Array("\"greeting\" = \"Hello\";\n\"farewell\" = \"Bye\";\n".utf8),
        "de.lproj/Localizable.strings": Array("\"greeting\" = \"Hallo\";\n".utf8),
        "de.lproj/Alerts.strings": Array("\"alert\" = \"Achtung\";\n".utf8),
    ]

    static func strings(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// `{"sourceLanguage":"en","strings":{"k":` — the prefix of the deep catalog.
    static let deepPrefix = #"{"sourceLanguage":"en","strings":{"k":"#

    static let cases: [Case] = [
        Case(
            name: "truncated .strings (inside the value)", path: "fr.lproj/Localizable.strings",
            bytes: strings("\"greeting\" = \"Bonj"), rule: "syntax", message: "unterminated quoted string — the device drops the whole file",
            line: 1, column: 14, dropped: true),
        Case(
            name: "invalid UTF-8 in a .strings value", path: "fr.lproj/Localizable.strings",
            bytes: strings("\"farewell\" = \"Salut\";\n\"greeting\" = \"Bon") + [0xFF] + strings("jour\";\n"),
            rule: "encoding", message: "invalid UTF-8 byte 0xFF — the device drops the whole file", line: 2, column: 18, dropped: true),
        Case(
            name: "10,000-deep array value in a .strings file", path: "fr.lproj/Localizable.strings",
            bytes: strings("\"greeting\" = " + String(repeating: "(", count: 10_000)),
            // The value's first '(' is at offset 13 and depth 1 (the key's
            // value counts as the first level); the '(' at depth 512 is the
            // 512th, at offset 13 + 511.
            rule: "syntax", message: "values nested more than 512 levels deep — the device drops the whole file", line: 1, column: 13 + 511 + 1, dropped: true),
        Case(
            name: "truncated .stringsdict", path: "fr.lproj/Localizable.stringsdict",
            bytes: strings("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>greeting</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key>\n<string>%#@n"),
            // The file ends inside <string>: the closing tag is missing at line 7, column 13.
            rule: "syntax", message: "unexpected end of file — the device drops the whole file", line: 7, column: 13, dropped: true),
        Case(
            name: "wrong type: a format key that is an integer", path: "fr.lproj/Localizable.stringsdict",
            bytes: strings("<plist version=\"1.0\"><dict><key>greeting</key><dict><key>NSStringLocalizedFormatKey</key><integer>5</integer></dict></dict></plist>"),
            rule: "structure", message: "NSStringLocalizedFormatKey of \"greeting\" is an integer, not a string",
            line: 1, column: 90, dropped: false),
        Case(
            name: "truncated String Catalog", path: "Fr.xcstrings",
            bytes: strings(#"{"sourceLanguage":"en","strings":{"greeting":{"localizations":{"fr":{"stringUnit":{"state":"translated","value":"Bonj"#),
            rule: "syntax", message: "unterminated string — Xcode cannot compile this catalog", line: 1, column: 118, dropped: true),
        Case(
            name: "10,000-deep JSON in a String Catalog", path: "Deep.xcstrings",
            bytes: strings(deepPrefix + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}}"),
            // The root object is depth 0, "strings" depth 1, the first '[' depth 2:
            // the '[' at depth 512 is the 511th.
            rule: "syntax", message: "nesting deeper than 512 levels — Xcode cannot compile this catalog",
            line: 1, column: deepPrefix.utf8.count + 510 + 1, dropped: true),
        Case(
            name: "wrong type: \"strings\" is an array", path: "Wrong.xcstrings",
            bytes: strings(#"{"sourceLanguage":"en","strings":[]}"#),
            rule: "structure", message: "\"strings\" is not an object", line: 1, column: 34, dropped: false),
        Case(
            name: "path trick: a localization named ../../../tmp/evil", path: "Tricks.xcstrings",
            bytes: strings(#"{"sourceLanguage":"en","strings":{"greeting":{"localizations":{"../../../tmp/evil":{"stringUnit":{"state":"translated","value":"pwned"}}}}}}"#),
            rule: "structure",
            message: "localization \"../../../tmp/evil\" of \"greeting\" is not a language id (letters, digits, '-', '_'); it is ignored",
            line: 1, column: 64, dropped: false),
        Case(
            name: "path trick: a sourceLanguage with a slash", path: "Tricks.xcstrings",
            bytes: strings(#"{"sourceLanguage":"../x","strings":{}}"#),
            rule: "structure", message: "\"sourceLanguage\" \"../x\" is not a language id (letters, digits, '-', '_')",
            line: 1, column: 19, dropped: false),
        Case(
            name: "NUL byte in a String Catalog key", path: "Nul.xcstrings",
            bytes: strings(#"{"sourceLanguage":"en","strings":{"a"#) + [0] + strings(#"b":{}}}"#),
            rule: "syntax", message: "control character in string (must be escaped) — Xcode cannot compile this catalog",
            line: 1, column: 37, dropped: true),
        Case(
            name: "invalid UTF-8 in a String Catalog value", path: "Utf8.xcstrings",
            bytes: strings(#"{"sourceLanguage":"en","strings":{"k":{"localizations":{"fr":{"stringUnit":{"state":"translated","value":"a"#)
                + [0xFF] + strings(#"b"}}}}}}"#),
            rule: "syntax", message: "invalid UTF-8 byte 0xff — Xcode cannot compile this catalog", line: 1, column: 108, dropped: true),
        Case(
            name: "XML plist nested 1,000 levels (the fuzzer's stack overflowed at 546)", path: "fr.lproj/Localizable.stringsdict",
            bytes: strings(#"<plist version="1.0">"# + String(repeating: "<dict><key>k</key>", count: 1_000)),
            // The root <dict> is depth 0; the one at depth 129 is the 130th, at offset 21 + 129 × 18.
            rule: "syntax", message: "property list nested more than 128 levels deep — the device drops the whole file",
            line: 1, column: 21 + 129 * 18 + 1, dropped: true),
        Case(
            name: "binary plist: one 2 KiB string referenced by 1,000 keys", path: "fr.lproj/Localizable.strings",
            bytes: BinaryPlistMaker.dictSharingOneValue(keys: 1_000, value: String(repeating: "x", count: 2_048)),
            // 2 MB of text from a 30 KB file: more than twice the file plus 1 MiB.
            rule: "syntax",
            message: "binary property list: strings referenced so often that reading them would make more than twice the file's size in text — the device drops the whole file",
            line: 1, column: 1, dropped: true),
    ]

    @Test(arguments: cases) func hostileFileIsReportedAndTheRestStillLoads(_ c: Case) throws {
        var contents = Self.good
        contents[c.path] = c.bytes
        let catalog = Catalog(contents: contents)
        let all = catalog.loadAll()
        let mine = all.diagnostics.filter { $0.origin?.file == c.path && $0.severity == .error }
        #expect(mine.count == 1, "\(mine)")
        let d = try #require(mine.first)
        #expect(d.rule.rawValue == c.rule)
        #expect(d.message == c.message)
        #expect(d.origin == Origin(file: c.path, line: c.line, column: c.column))
        #expect(d.dropsFile == c.dropped)
        // Nothing else lost.
        #expect(all.diagnostics.allSatisfy { $0.origin?.file == c.path })
        let en = try LocaleID("en"), de = try LocaleID("de")
        #expect(catalog.lookup(key: "greeting", table: "Localizable", locale: de)?.entry.message.texts.first?.value == "Hallo")
        #expect(catalog.lookup(key: "farewell", table: "Localizable", locale: en)?.entry.message.texts.first?.value == "Bye")
        #expect(catalog.lookup(key: "alert", table: "Alerts", locale: de)?.entry.message.texts.first?.value == "Achtung")
        // A French device falls back to English when the French file is dropped.
        if c.dropped && c.path.hasPrefix("fr.lproj/") {
            let fr = try #require(catalog.lookup(key: "greeting", table: "Localizable", locale: try LocaleID("fr")))
            #expect(fr.localization == "en")
            #expect(fr.entry.message.texts.first?.value == "Hello")
        }
        // No localization named after a path.
        #expect(!catalog.localizations.contains { $0.contains("/") || $0.contains(".") })
    }

    @Test func megabyteKeyAndValueLoadWhole() throws {
        let key = String(repeating: "k", count: 1 << 20)
        let value = String(repeating: "é", count: 1 << 19)  // 1 MiB of UTF-8
        var contents = Self.good
        contents["fr.lproj/Localizable.strings"] = Self.strings("\"\(key)\" = \"\(value)\";\n\"greeting\" = \"Bonjour\";\n")
        let catalog = Catalog(contents: contents)
        #expect(catalog.loadAll().diagnostics.isEmpty)
        let fr = try LocaleID("fr")
        let big = try #require(catalog.lookup(key: key, table: "Localizable", locale: fr))
        #expect(big.entry.message.texts.first?.value.utf8.count == 1 << 20)
        // The entry after the huge one starts on line 2, column 1.
        let next = try #require(catalog.lookup(key: "greeting", table: "Localizable", locale: fr))
        #expect(next.entry.origin == Origin(file: "fr.lproj/Localizable.strings", line: 2, column: 1))
        #expect(catalog.lookup(key: "greeting", table: "Localizable", locale: try LocaleID("de"))?.entry.message.texts.first?.value == "Hallo")
    }

    @Test func sharedStringsWithinTheByteBudgetAreRead() throws {
        // Xcode shares repeated strings; a few hundred references to a short one are read.
        var contents = Self.good
        contents["fr.lproj/Localizable.strings"] = BinaryPlistMaker.dictSharingOneValue(keys: 300, value: "Bonjour")
        let catalog = Catalog(contents: contents)
        #expect(catalog.loadAll().diagnostics.isEmpty)
        #expect(catalog.lookup(key: "k299", table: "Localizable", locale: try LocaleID("fr"))?.entry.message.texts.first?.value == "Bonjour")
    }

    @Test func columnsOnALongLineAreExact() throws {
        // The column of an entry far along one line, counted by hand: each pair
        // `"kN"="é";` is 10 + digits bytes and 9 + digits scalars (é is two bytes).
        var text = ""
        var column = 1
        var lastColumn = 0
        for n in 0..<3_000 {
            lastColumn = column
            let pair = "\"k\(n)\"=\"é\";"
            text += pair
            column += pair.unicodeScalars.count
        }
        // And one after a CRLF, at column 1 of line 2.
        text += "\r\n\"last\"=\"x\";"
        var contents = Self.good
        contents["fr.lproj/Localizable.strings"] = Self.strings(text)
        let catalog = Catalog(contents: contents)
        let fr = try LocaleID("fr")
        #expect(catalog.lookup(key: "k2999", table: "Localizable", locale: fr)?.entry.origin == Origin(file: "fr.lproj/Localizable.strings", line: 1, column: lastColumn))
        #expect(catalog.lookup(key: "last", table: "Localizable", locale: fr)?.entry.origin == Origin(file: "fr.lproj/Localizable.strings", line: 2, column: 1))
    }

    @Test func nulBytesInsideAQuotedStringAreKept() throws {
        // A NUL is an ordinary character of a quoted string: the value is not
        // cut short at it as a C string would be.
        var contents = Self.good
        contents["fr.lproj/Localizable.strings"] = Self.strings("\"greeting\" = \"Bon") + [0] + Self.strings("jour\";\n")
        let catalog = Catalog(contents: contents)
        #expect(catalog.loadAll().diagnostics.isEmpty)
        let fr = try #require(catalog.lookup(key: "greeting", table: "Localizable", locale: try LocaleID("fr")))
        #expect(fr.entry.message.texts.first?.value == "Bon\u{0}jour")
    }

    @Test func tableNamesWithPathTricksFindNothing() throws {
        let catalog = Catalog(contents: Self.good)
        let de = try LocaleID("de")
        for table in ["../de.lproj/Alerts", "de.lproj/Alerts", "Alerts.strings", "/etc/passwd", "Alerts/..", "", "Alerts\u{0}"] {
            #expect(catalog.lookup(key: "alert", table: table, locale: de) == nil, "\(table)")
        }
        #expect(catalog.lookup(key: "alert", table: "Alerts", locale: de) != nil)
    }

    @Test func exportedFoldersNeverLeaveTheOutput() {
        // Only language ids survive reading, so every exported path is
        // `<language id>.lproj/<table>.strings(dict)`.
        var contents = Self.good
        contents["Tricks.xcstrings"] = Self.strings(
            #"{"sourceLanguage":"en","strings":{"greeting":{"localizations":{"../../evil":{"stringUnit":{"state":"translated","value":"x"}},"fr":{"stringUnit":{"state":"translated","value":"Salut"}}}}}}"#)
        let tables = Catalog(contents: contents).loadAll().tables
        let files = TableExport.stringsFiles(tables).keys.sorted()
        #expect(files.contains("fr.lproj/Tricks.strings"))
        for f in files {
            let parts = f.split(separator: "/", omittingEmptySubsequences: false)
            #expect(parts.count == 2 && parts[0].hasSuffix(".lproj") && !parts.contains("..") && !f.hasPrefix("/"), "\(f)")
        }
    }
}
