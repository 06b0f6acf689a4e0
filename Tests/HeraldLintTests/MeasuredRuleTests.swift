import Foundation
import HeraldLint
import Testing

/// The rule defects found by measuring each rule's precision on real apps' tables (issue 30,
/// Tools/lint-precision): each case is shaped like the real finding, written here from scratch.
@Suite struct MeasuredRuleTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        """

    /// A .stringsdict of one key whose format is `format` and whose variable `name` has `forms`.
    static func stringsdict(_ key: String, _ format: String, _ name: String, _ forms: [String: String]) -> String {
        var s = plist + "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>\(format)</string>"
        s += "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
        s += "<key>NSStringFormatValueTypeKey</key><string>d</string>"
        for (c, t) in forms.sorted(by: { $0.key < $1.key }) { s += "<key>\(c)</key><string>\(t)</string>" }
        return s + "</dict></dict></dict></plist>\n"
    }

    func lint(_ files: [String: String]) throws -> [(rule: String, locale: String, message: String, severity: String)] {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in files { try Fixtures.write(text, path, in: root) }
        return try Fixtures.lint([root]).diagnostics.map { ($0.rule.rawValue, $0.locale, $0.message, $0.severity.rawValue) }
    }

    /// "Von % @" for "From %@": one finding, a warning (the device shows the value), that says to write %@.
    @Test func spacedSpecifierIsOneFinding() throws {
        let found = try lint([
            "en.lproj/Localizable.strings": "\"from\" = \"From %@\";\n",
            "de.lproj/Localizable.strings": "\"from\" = \"Von % @\";\n",
        ])
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.rule == "accidental-specifier")
        #expect(found.first?.severity == "warning")
        #expect(found.first?.message.contains("write '%@'") == true)
        #expect(found.first?.message.contains("%%") == false)
        // Text with no such specifier in the source keeps the old finding and its fix.
        let prose = try lint([
            "en.lproj/Localizable.strings": "\"save\" = \"Save %@ now\";\n",
            "de.lproj/Localizable.strings": "\"save\" = \"Spare %@ zu 50% a Tag\";\n",
        ])
        #expect(prose.contains { $0.rule == "accidental-specifier" && $0.message.contains("'%%'") && $0.severity == "error" }, "\(prose)")
    }

    /// "%# @sites @" for "%#@sites@": one finding that names the fix, not three.
    @Test func spacedPluralReferenceIsOneFinding() throws {
        let found = try lint([
            "en.lproj/Localizable.stringsdict": Self.stringsdict("k", "%#@sites@", "sites", ["one": "%2$@ and %1$d site", "other": "%2$@ and %1$d sites"]),
            "fr.lproj/Localizable.stringsdict": Self.stringsdict("k", "%# @sites @", "sites", ["one": "%2$@ et %1$d site", "other": "%2$@ et %1$d sites"]),
        ])
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.rule == "invalid-specifier")
        #expect(found.first?.message.contains("write '%#@sites@'") == true, "\(found)")
    }

    /// Addresses are not sentences; an nb text left in English in Title Case is.
    @Test func untranslatedAddressesAndTitleCase() throws {
        let found = try lint([
            "en.lproj/Localizable.strings": """
                "url" = "www.example.com";
                "mail" = "username@example.com";
                "title" = "Tracker Blocked from Loading";
                "name" = "Google Play Store";
                """,
            "nb.lproj/Localizable.strings": """
                "url" = "www.example.com";
                "mail" = "username@example.com";
                "title" = "Tracker Blocked from Loading";
                "name" = "Google Play Store";
                """,
        ])
        #expect(found.map(\.rule) == ["untranslated"], "\(found)")
        #expect(found.first?.message.contains("\"title\"") == true)
    }

    /// de "Tracker" and nb "passord" do not change in the plural; el's identical forms are a defect.
    @Test func pluralSameTextFollowsTheLanguage() throws {
        let en = Self.stringsdict("k", "%#@n@", "n", ["one": "%1$d password", "other": "%1$d passwords"])
        let found = try lint([
            "en.lproj/Localizable.stringsdict": en,
            "de.lproj/Localizable.stringsdict": Self.stringsdict("k", "%#@n@", "n", ["one": "%1$d Tracker gefunden", "other": "%1$d Tracker gefunden"]),
            "nb.lproj/Localizable.stringsdict": Self.stringsdict("k", "%#@n@", "n", ["one": "%1$d passord", "other": "%1$d passord"]),
            "el.lproj/Localizable.stringsdict": Self.stringsdict("k", "%#@n@", "n", ["one": "%1$d κωδικούς πρόσβασης", "other": "%1$d κωδικούς πρόσβασης"]),
            "ru.lproj/Localizable.stringsdict": Self.stringsdict("k", "%#@n@", "n", ["one": "Слов: %1$d", "few": "Слов: %1$d", "many": "Слов: %1$d", "other": "Слов: %1$d"]),
        ])
        let same = found.filter { $0.rule == "plural-same-text" }
        #expect(same.map(\.locale) == ["el"], "\(found)")
    }

    /// `%1$d %2$#@accounts@`: the number is printed around the bare-noun variable.
    @Test func countPrintedAroundTheVariable() throws {
        let en = plistTwoVariables(
            "%1$d %2$#@accounts@", ["one": "account", "other": "accounts"])
        let ru = plistTwoVariables(
            "%1$d %2$#@accounts@", ["one": "аккаунт", "few": "аккаунта", "many": "аккаунтов", "other": "аккаунта"])
        let found = try lint(["en.lproj/Localizable.stringsdict": en, "ru.lproj/Localizable.stringsdict": ru])
        #expect(!found.contains { $0.rule == "plural-count-omitted" }, "\(found)")
        // Without the number around, ru 'one' ("ваш аккаунт") is wrong for 21; 'few' is not reported.
        let alone = plistTwoVariables("your %2$#@accounts@", ["one": "аккаунт", "few": "аккаунта", "many": "аккаунтов", "other": "аккаунта"])
        let enAlone = plistTwoVariables("your %2$#@accounts@", ["one": "account", "other": "accounts"])
        let found2 = try lint(["en.lproj/Localizable.stringsdict": enAlone, "ru.lproj/Localizable.stringsdict": alone])
        let omitted = found2.filter { $0.rule == "plural-count-omitted" }
        #expect(omitted.count == 1 && omitted.first?.message.contains("'one'") == true, "\(found2)")
    }

    func plistTwoVariables(_ format: String, _ forms: [String: String]) -> String {
        Self.stringsdict("k", format, "accounts", forms)
    }

    /// plural-missing-category's severity is what --list-rules and Docs/validate-rules.md say:
    /// an error, a warning only for categories only millions select (es 'many').
    @Test func pluralMissingCategorySeverityIsDocumented() throws {
        let en = Self.stringsdict("k", "%#@n@", "n", ["one": "%d file", "other": "%d files"])
        let found = try lint([
            "en.lproj/Localizable.stringsdict": en,
            "pl.lproj/Localizable.stringsdict": Self.stringsdict("k", "%#@n@", "n", ["one": "%d plik", "other": "%d plików"]),
            "es.lproj/Localizable.stringsdict": Self.stringsdict("k", "%#@n@", "n", ["one": "%d archivo", "other": "%d archivos"]),
        ]).filter { $0.rule == "plural-missing-category" }
        #expect(found.contains { $0.locale == "pl" && $0.severity == "error" }, "\(found)")
        #expect(found.contains { $0.locale == "es" && $0.severity == "warning" }, "\(found)")
        let docs = try String(contentsOfFile: Fixtures.localizations + "/../Docs/validate-rules.md", encoding: .utf8)
        let row = docs.split(separator: "\n").first { $0.hasPrefix("| `plural-missing-category` |") } ?? ""
        #expect(row.contains("| error |") && row.contains("A warning when the category is only for millions"))
    }

    /// `%%u` written on purpose, "100%-osan" as written, Base beside en, keys named "notification".
    @Test func intendedTextIsNoFinding() throws {
        let found = try lint([
            "en.lproj/Localizable.strings": """
                "summary" = "%%u notifications in %%@";
                "sure" = "Not 100% guaranteed, give it a try";
                "permission.notification.body" = "\(String(repeating: "Enable notifications and see what happens at home. ", count: 5))";
                "plist.key" = "A text";
                """,
            "hu.lproj/Localizable.strings": """
                "summary" = "%%u értesítés: %%@";
                "sure" = "Nem garantált 100%-osan, de kipróbálhatja";
                "permission.notification.body" = "\(String(repeating: "Engedélyezze az értesítéseket és lássa, mi történik otthon. ", count: 5))";
                "plist.key" = "Egy szöveg";
                """,
            "Base.lproj/Localizable.strings": "\"summary\" = \"%%u notifications in %%@\";\n",
        ])
        #expect(found.isEmpty, "\(found)")
    }
}
