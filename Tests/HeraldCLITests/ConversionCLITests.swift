import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// Conversions do not change what users read (issue #29): a table exported to a String
/// Catalog, and back to `.strings`/`.stringsdict`, renders the same text through the real
/// `herald`. The expected texts are worked out by hand from the tables below (`%d` of 5 is
/// "5"; the plural rules are English's), not taken from Herald.
@Suite struct ConversionCLITests {
    static func stringsdict(_ entries: [(key: String, format: String, valueType: String, one: String, other: String)]) -> String {
        var s = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for e in entries {
            s += """
                <key>\(e.key)</key>
                <dict>
                <key>NSStringLocalizedFormatKey</key><string>\(e.format)</string>
                <key>count</key>
                <dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                \(e.valueType.isEmpty ? "" : "<key>NSStringFormatValueTypeKey</key><string>\(e.valueType)</string>")
                <key>one</key><string>\(e.one)</string>
                <key>other</key><string>\(e.other)</string>
                </dict>
                </dict>

                """
        }
        return s + "</dict>\n</plist>\n"
    }

    /// The issue's tables, and forms whose specifier is not the value type's own.
    static let entries = [
        (key: "items", format: "%1#@count@", valueType: "d", one: "%d item", other: "%d items"),
        (key: "items_in", format: "%1$#@count@ in %2$@", valueType: "d", one: "%d item", other: "%d items"),
        (key: "from", format: "%@ sent %#@count@", valueType: "d", one: "%d photo", other: "%d photos"),
        (key: "km", format: "%#@count@ left", valueType: "f", one: "%.1f km", other: "%.1f km"),
        (key: "seq", format: "%#@count@!", valueType: "d", one: "%d item from %@", other: "%d items from %@"),
    ]

    /// French, with no value type.
    static let french = [(key: "untyped", format: "%#@count@ sent", valueType: "", one: "one photo", other: "%@ photos")]

    /// (key, arguments, the text a device shows).
    static let expected: [(String, [String], String)] = [
        ("items", ["5"], "5 items"), ("items", ["1"], "1 item"),
        ("items_in", ["5", "Oslo"], "5 items in Oslo"), ("items_in", ["1", "Oslo"], "1 item in Oslo"),
        ("from", ["Ana", "3"], "Ana sent 3 photos"),
        ("km", ["2.5"], "2.5 km left"),
        ("seq", ["2", "Ana"], "2 items from Ana!"),
        // No value type: the category of 1.5 as given. CLDR French `one` is i = 0,1, so 1.5 is
        // `one`; a catalog told `d` would choose on 2 (`other`).
        ("untyped", ["1.5"], "one photo sent"),
    ]

    func render(_ tables: String, _ key: String, _ args: [String], locale: String = "en") async throws -> HeraldBinary.Result {
        try await HeraldBinary.run(["format", "--tables", tables, "--key", key, "--locale", locale] + args.flatMap { ["--arg", $0] })
    }

    func expectRenders(_ tables: String, _ what: String) async throws {
        for (key, args, text) in Self.expected {
            let r = try await render(tables, key, args, locale: key == "untyped" ? "fr" : "en")
            #expect(r.status == 0 && r.stdout == text + "\n", "\(what) \(key) \(args): \(r.stdout) \(r.stderr)")
            // Not one diagnostic: Xcode's own shape is not "mixed-positional".
            #expect(r.stderr.isEmpty, "\(what) \(key): \(r.stderr)")
        }
    }

    @Test func stringsdictToCatalogAndBackRendersTheSame() async throws {
        let dir = try TemporaryFolder("herald-conversion")
        try dir.write(Self.stringsdict(Self.entries), to: "tables/en.lproj/Localizable.stringsdict")
        try dir.write(Self.stringsdict(Self.french), to: "tables/fr.lproj/Localizable.stringsdict")
        try await expectRenders(dir.path("tables"), "original")

        let toCatalog = try await HeraldBinary.run(["export", dir.path("tables"), "--format", "xcstrings", "--output", dir.path("catalog")])
        #expect(toCatalog.status == 0, "\(toCatalog.stderr)")
        try await expectRenders(dir.path("catalog"), "catalog")
        // Herald's own export is a clean catalog: no `structure` warning (argNum on every substitution).
        let validate = try await HeraldBinary.run(["validate", dir.path("catalog")])
        #expect(!validate.stdout.contains("[structure]") && !validate.stdout.contains("mixed-positional"), "\(validate.stdout)")
        // Xcode's shape: `%#@count@` beside `%2$@`, argNum 1; `%arg` only where it prints exactly the value type.
        let catalog = try JSONParser.parse(String(contentsOfFile: dir.path("catalog/Localizable.xcstrings"), encoding: .utf8))
        let itemsIn = catalog["strings"]?["items_in"]?["localizations"]?["en"]
        #expect(itemsIn?["stringUnit"]?["value"]?.stringValue == "%#@count@ in %2$@")
        #expect(itemsIn?["substitutions"]?["count"]?["argNum"]?.intValue == 1)
        #expect(itemsIn?["substitutions"]?["count"]?["variations"]?["plural"]?["other"]?["stringUnit"]?["value"]?.stringValue == "%arg items")
        let km = catalog["strings"]?["km"]?["localizations"]?["en"]?["substitutions"]?["count"]
        #expect(km?["variations"]?["plural"]?["other"]?["stringUnit"]?["value"]?.stringValue == "%.1f km")

        let back = try await HeraldBinary.run(["export", dir.path("catalog"), "--format", "strings", "--output", dir.path("back")])
        #expect(back.status == 0, "\(back.stderr)")
        try await expectRenders(dir.path("back"), "back")
        let again = try String(contentsOfFile: dir.path("back/en.lproj/Localizable.stringsdict"), encoding: .utf8)
        #expect(again.contains("<string>%1$#@count@ in %2$@</string>"), "\(again)")
        let validateBack = try await HeraldBinary.run(["validate", dir.path("back")])
        #expect(!validateBack.stdout.contains("mixed-positional"), "\(validateBack.stdout)")
    }

    /// `format` and `validate` apply one rule to a catalog's `%#@name@` beside `%2$@`: with
    /// an argNum it reads that argument (Xcode's own shape), without one it is a sequential
    /// specifier mixed with a positional one, and both say so.
    @Test func formatAndValidateAgreeOnMixedPositions() async throws {
        for argNum in [true, false] {
            let dir = try TemporaryFolder("herald-conversion")
            let sub = argNum ? #""argNum":1,"# : ""
            let catalog = #"{"sourceLanguage":"en","strings":{"items_in":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@count@ in %2$@"},"substitutions":{"count":{"# + sub + #""formatSpecifier":"d","variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%arg item"}},"other":{"stringUnit":{"state":"translated","value":"%arg items"}}}}}}}}}},"version":"1.0"}"#
            try dir.write(catalog, to: "Localizable.xcstrings")
            let format = try await render(dir.path, "items_in", ["5", "Oslo"])
            let validate = try await HeraldBinary.run(["validate", dir.path])
            let formatSays = format.stderr.contains("[mixed-positional]")
            let validateSays = validate.stdout.contains("[mixed-positional]")
            #expect(formatSays == !argNum, "argNum \(argNum): \(format.stderr)")
            #expect(validateSays == !argNum, "argNum \(argNum): \(validate.stdout)")
        }
    }

    /// XLIFF export → import: a translated plural form may show the count where the
    /// source's form does not (DuckDuckGo's Latvian and Slovak onboarding: English
    /// "*%2$@ and %3$@* were trying to track you", Latvian "… un *%1$d citi …*"). The
    /// message passes the count all the same; import took it for an argument never passed.
    @Test func importTakesAFormShowingTheCountItsSourceFormLeavesOut() async throws {
        let dir = try TemporaryFolder("herald-conversion")
        let table = Self.stringsdict([
            (key: "trackers", format: "%1$#@count@", valueType: "d", one: "%2$@ tried to track you", other: "%2$@ and others tried to track you")
        ])
        try dir.write(table, to: "tables/en.lproj/Localizable.stringsdict")
        let export = try await HeraldBinary.run(["export", dir.path("tables"), "--format", "xliff", "--language", "lv"])
        #expect(export.status == 0, "\(export.stderr)")
        let source = "<source>%2$@ and others tried to track you</source>"
        #expect(export.stdout.contains(source))
        let translated = export.stdout.replacingOccurrences(of: source, with: source + "<target>%2$@ un %1$d citi mēģināja tevi izsekot</target>")
        try dir.write(translated, to: "lv.xliff")
        let r = try await HeraldBinary.run(["import", dir.path("lv.xliff"), "--tables", dir.path("tables")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("specifier-mismatch"), "\(r.stderr)")
        // Latvian 5 is `other` (CLDR: n % 10 = 2..9 with n % 100 not 11..19 is other).
        let lv = try await render(dir.path("tables"), "trackers", ["5", "Tracker"], locale: "lv")
        #expect(lv.stdout == "Tracker un 5 citi mēģināja tevi izsekot\n", "\(lv.stdout) \(lv.stderr)")
    }
}

