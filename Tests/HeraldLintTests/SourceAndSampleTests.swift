import Foundation
import HeraldLint
import HeraldRender
import Testing

/// A bundle without its source locale (issue: an extension that ships only
/// `hy.lproj`), `--source DIR`, several samples per plural category, and the
/// real String Catalogs of open-source apps.
@Suite struct SourceAndSampleTests {
    /// Only a translation: it is still checked (the override below is found),
    /// and the missing source is one finding, not a usage error.
    @Test(arguments: [nil, "en"] as [String?])
    func folderWithoutTheSourceIsValidated(_ sourceLocale: String?) throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Fixtures.write("\"greeting\" = \"Բարեւ %@\";\n\"bad\" = \"\u{202E}Բարեւ\";\n", "hy.lproj/Localizable.strings", in: dir)
        let report = try Fixtures.lint([dir], source: sourceLocale)
        let missing = report.diagnostics.filter { $0.rule.rawValue == "missing-source" }
        #expect(missing.count == 1, "\(report.diagnostics.map(\.description))")
        #expect(missing.first?.severity == .warning && missing.first?.message.contains("no en tables") == true)
        #expect(missing.first?.message.contains("--source DIR") == true)
        #expect(report.diagnostics.contains { $0.rule.rawValue == "bidi-control" && $0.key == "bad" })
        #expect(!report.fails(strict: false))
    }

    /// `--source DIR`: the translation is compared with source tables kept elsewhere.
    @Test func sourceKeptElsewhere() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Fixtures.write("\"greeting\" = \"Hello %@\";\n\"bye\" = \"Goodbye\";\n", "App/en.lproj/Localizable.strings", in: dir)
        try Fixtures.write("\"greeting\" = \"Բարեւ %d\";\n", "Extension/hy.lproj/Localizable.strings", in: dir)
        let report = try Linter(sourcePath: dir + "/App").run(paths: [dir + "/Extension"])
        let rules = Set(report.diagnostics.map(\.rule.rawValue))
        #expect(!rules.contains("missing-source"), "\(report.diagnostics.map(\.description))")
        #expect(report.diagnostics.contains { $0.rule.rawValue == "specifier-mismatch" && $0.key == "greeting" })
        #expect(report.diagnostics.contains { $0.rule.rawValue == "missing-key" && $0.key == "bye" && $0.locale == "hy" })
        // The source folder's own tables are not reported on.
        #expect(report.diagnostics.allSatisfy { $0.file.hasPrefix(dir + "/Extension") })
    }

    @Test func sourceFolderWithoutTheSourceLocaleIsAUsageError() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Fixtures.write("\"greeting\" = \"Hallo\";\n", "App/de.lproj/Localizable.strings", in: dir)
        try Fixtures.write("\"greeting\" = \"Բարեւ\";\n", "Extension/hy.lproj/Localizable.strings", in: dir)
        #expect(throws: Linter.UsageError.self) { try Linter(sourceLocale: "en", sourcePath: dir + "/App").run(paths: [dir + "/Extension"]) }
        #expect(throws: Linter.UsageError.self) { try Linter(sourcePath: dir + "/nowhere").run(paths: [dir + "/Extension"]) }
    }

    /// CLDR's Russian `one` is `v = 0 and i % 10 = 1 and i % 100 != 11` (1, 21,
    /// 31, … 101): the render checks must try 21 and 101, not only 1. An ICU
    /// pattern that prints nothing for exactly 21 (or 101) shows whether they do.
    @Test(arguments: ["21", "101"])
    func renderChecksTrySeveralSamplesOfACategory(_ n: String) throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Fixtures.write("\"n\" = \"{0, plural, one {# ticket} other {# tickets}}\";\n", "en.lproj/Messages.icu.strings", in: dir)
        try Fixtures.write(
            "\"n\" = \"{0, plural, =\(n) {} one {# билет} few {# билета} many {# билетов} other {# билета}}\";\n",
            "ru.lproj/Messages.icu.strings", in: dir)
        let report = try Fixtures.lint([dir])
        let empty = report.diagnostics.filter { $0.rule.rawValue == "render-empty" && $0.locale == "ru" }
        #expect(empty.contains { $0.message.contains("with \(n)") }, "\(report.diagnostics.map(\.description))")
    }

    /// The rule's golden facts are CLDR's rule texts: ru/uk/lt/lv `one` holds
    /// 1, 21, 31…; sl `one` 1, 101, 201… (v = 0 and i % 100 = 1); en `one` is 1
    /// alone, and French `one` (i = 0,1) is 0 and 1 — not reported: 0 does not count for a
    /// form other than `zero` (French takes the singular for 0 and 1 alike, issue 30).
    @Test(arguments: [
        ("ru", "one", true), ("uk", "one", true), ("lt", "one", true), ("lv", "one", true), ("sl", "one", true),
        ("en", "one", false), ("de", "one", false), ("fr", "one", false), ("pl", "one", false), ("ar", "two", false),
    ])
    func countOmittedWhereTheCategoryHoldsSeveralNumbers(_ lang: String, _ category: String, _ warned: Bool) throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func dict(_ forms: [(String, String)]) -> String {
            var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>k</key>\n<dict>\n"
            s += "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n"
            s += "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n"
            for (c, t) in forms { s += "<key>\(c)</key><string>\(t)</string>\n" }
            return s + "</dict>\n</dict>\n</dict>\n</plist>\n"
        }
        try Fixtures.write(dict([("one", "%d item"), ("other", "%d items")]), "en.lproj/Localizable.stringsdict", in: dir)
        // No `zero` form: with one, Apple's zero rule would take 0 out of French `one`.
        let all = ["one", "two", "few", "many", "other"]
        let forms = all.map { c in (c, c == category ? "a word" : "%d words") }
        try Fixtures.write(dict(forms), "\(lang).lproj/Localizable.stringsdict", in: dir)
        var config = LintConfiguration()
        config.rules[Diagnostic.Rule("plural-unused-category")] = .off
        let report = try Fixtures.lint([dir], configuration: config)
        let hits = report.diagnostics.filter { $0.rule.rawValue == "plural-count-omitted" && $0.locale == lang }
        #expect(hits.isEmpty != warned, "\(lang) \(category): \(report.diagnostics.map(\.description))")
        if warned { #expect(hits.first?.message.contains("'\(category)'") == true) }
    }

    /// Apple's rule: with an integer value type a `zero` form takes 0, so
    /// French `one` is then 1 alone and may leave the number out.
    @Test func aZeroFormTakesZeroOutOfOne() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>k</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key><string>d</string>\n"
        let tail = "</dict>\n</dict>\n</dict>\n</plist>\n"
        try Fixtures.write(head + "<key>one</key><string>%d item</string>\n<key>other</key><string>%d items</string>\n" + tail, "en.lproj/Localizable.stringsdict", in: dir)
        try Fixtures.write(
            head + "<key>zero</key><string>aucun objet</string>\n<key>one</key><string>un objet</string>\n<key>many</key><string>%d d’objets</string>\n<key>other</key><string>%d objets</string>\n" + tail,
            "fr.lproj/Localizable.stringsdict", in: dir)
        let report = try Fixtures.lint([dir])
        #expect(!report.diagnostics.contains { $0.rule.rawValue == "plural-count-omitted" }, "\(report.diagnostics.map(\.description))")
    }

    /// A form that prints the other variable's count (`%2$ld` inside the variable counting
    /// argument 1) says "5 Apfel" for one apple: hand-checked against Foundation's reading of
    /// positional specifiers in a plural form (each form is formatted with the whole argument
    /// list, so `%2$ld` is the second argument). Spelling its own number out beside a plain
    /// number ("one file in %2$ld folders", argument 2 not a plural count) is left alone.
    @Test func aFormPrintingAnotherVariablesCountIsReported() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func variable(_ name: String, _ forms: [(String, String)]) -> String {
            "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>ld</string>"
                + forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined() + "</dict>"
        }
        func table(_ two: String, _ a: [(String, String)], _ b: [(String, String)], files: [(String, String)]) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n"
                + "<key>two</key><dict><key>NSStringLocalizedFormatKey</key><string>\(two)</string>\n\(variable("a", a))\n\(variable("b", b))</dict>\n"
                + "<key>files</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@f@</string>\n\(variable("f", files))</dict>\n"
                + "</dict></plist>\n"
        }
        try Fixtures.write(
            table("%#@a@ and %#@b@", [("one", "%ld apple"), ("other", "%ld apples")], [("one", "%ld pear"), ("other", "%ld pears")],
                  files: [("one", "one file in %2$ld folders"), ("other", "%1$ld files in %2$ld folders")]),
            "en.lproj/Localizable.stringsdict", in: dir)
        try Fixtures.write(
            table("%#@a@ und %#@b@", [("one", "%2$ld Apfel"), ("other", "%ld Äpfel")], [("one", "%ld Birne"), ("other", "%ld Birnen")],
                  files: [("one", "eine Datei in %2$ld Ordnern"), ("other", "%1$ld Dateien in %2$ld Ordnern")]),
            "de.lproj/Localizable.stringsdict", in: dir)
        let report = try Fixtures.lint([dir])
        let hits = report.diagnostics.filter { $0.rule.rawValue == "plural-form-argument" }
        #expect(hits.count == 1, "\(report.diagnostics.map(\.description))")
        #expect(hits.first?.locale == "de")
        #expect(hits.first?.message.contains("'one' form of \"a\"") == true)
        #expect(hits.first?.message.contains("argument 2") == true)
    }
}

/// Xcode writes the source language's extracted units as 'new' (a real app's
/// App Shortcuts: en 'new', de/fr/it 'translated'): not a finding; a
/// translation's 'new' still is.
@Suite struct CatalogStateTests {
    @Test func newSourceUnitsAreNotReported() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Fixtures.write(
            #"{"sourceLanguage":"en","strings":{"Open ${applicationName}":{"localizations":{"en":{"stringSet":{"state":"new","values":["Open ${applicationName}"]}},"de":{"stringSet":{"state":"new","values":["Öffne ${applicationName}"]}}}}},"version":"1.1"}"#,
            "AppShortcuts.xcstrings", in: dir)
        let report = try Fixtures.lint([dir])
        let states = report.diagnostics.filter { $0.rule.rawValue == "catalog-state" }
        #expect(states.map(\.locale) == ["de"], "\(report.diagnostics.map(\.description))")
    }
}

/// Docs/validate-rules.md lists exactly the rules `LintRule.all` declares, in the same
/// order, each with its default severity; and every rule the readers and the format
/// string parser report under is one of them (declared once, in the module reporting it).
@Suite struct RuleDocumentationTests {
    /// The `| `id` | severity |` rows of the document, in order.
    static func documentedRules() throws -> [(id: String, severity: String)] {
        let docs = URL(fileURLWithPath: Fixtures.localizations).deletingLastPathComponent().appendingPathComponent("Docs/validate-rules.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].hasPrefix("`"), cells[1].hasSuffix("`"), cells[1].count > 2 else { return nil }
            return (String(cells[1].dropFirst().dropLast()), cells[2])
        }
    }

    @Test func everyRuleIsDocumented() throws {
        let rows = try Self.documentedRules()
        #expect(rows.map(\.id) == LintRule.all.map(\.id.rawValue), "Docs/validate-rules.md and LintRule.all list different rules")
        for rule in LintRule.all {
            let row = rows.first { $0.id == rule.id.rawValue }
            let shown = rule.enabledByDefault ? rule.defaultSeverity.rawValue : "off"
            #expect(row?.severity == shown, "\(rule.id) is not in Docs/validate-rules.md as \(shown)")
        }
    }

    @Test func readerAndFormatRulesAreLintRules() {
        // The readers' rules, and the format problems FormatStringParser reports (Docs/validate-rules.md, Specifiers).
        let reported: [Diagnostic.Rule] = [
            .syntax, .encoding, .duplicateKey, .structure, .io, .danglingPercent, .invalidSpecifier, .accidentalSpecifier,
            .mixedPositional, .badPosition, .widthTooLarge, .starWidth, .badVariable, .conflictingTypes, .unusualLength,
        ]
        for rule in reported {
            #expect(LintRule.byID[rule] != nil, "\(rule) is reported but not a herald validate rule")
        }
    }
}
