import Foundation
import HeraldLint
import Testing

/// Every rule has a fixture that triggers it, and near-miss trees stay silent.
@Suite struct RuleFixtureTests {
    /// Rules whose fixture is built at run time (a broken link cannot live in the fixture tree
    /// portably; `missing-locale` needs a configuration: ConfigurationTests.requiredLocales;
    /// the `pseudo-` rules run only with `--pseudo`: HeraldCLITests' PseudoCLITests; the `code-`
    /// rules only with `--sources`).
    static let builtAtRunTime: Set<String> = [
        "io", "missing-locale", "pseudo-push-payload-size", "pseudo-lock-screen-lines", "pseudo-unchanged",
        // Only with --sources (the code's lookups): HeraldSourceKeysTests' CodeCheckTests and
        // HeraldCLITests' ValidateSourcesCLITests.
        "code-missing-key", "code-arguments",
        "push-key-missing", "push-argument-count",  // only with --pushes: PushKeyTests
        "term-kept", "term-translation", "length-limit", "pattern",  // only with their configuration: ConfiguredTextRuleTests, PatternRuleTests
        "fit",  // only where HarfBuzz, fontconfig and the fonts are installed: FitRuleTests
    ]

    @Test func everyRuleHasATriggeringFixture() {
        let fixtures = Set(Fixtures.names("bad"))
        for rule in LintRule.all where !Self.builtAtRunTime.contains(rule.id.rawValue) {
            #expect(fixtures.contains(rule.id.rawValue), "no fixture triggers \(rule.id)")
        }
        // And no fixture names a rule that does not exist.
        for name in fixtures { #expect(LintRule.byID[Diagnostic.Rule(name)] != nil, "fixture \(name) names no rule") }
    }

    @Test(arguments: Fixtures.names("bad"))
    func badFixtureTriggersItsRule(_ rule: String) throws {
        // A rule off by default (its precision on real apps is under 95 %) is turned on.
        var configuration = LintConfiguration()
        if LintRule.byID[Diagnostic.Rule(rule)]?.enabledByDefault == false { configuration.rules[Diagnostic.Rule(rule)] = .report(.warning) }
        let report = try Fixtures.lint([Fixtures.bad(rule)], configuration: configuration)
        let hits = report.diagnostics.filter { $0.rule.rawValue == rule }
        #expect(!hits.isEmpty, "bad/\(rule) did not report \(rule): \(report.diagnostics.map(\.description))")
        for d in hits {
            #expect(d.severity == LintRule.byID[Diagnostic.Rule(rule)]?.defaultSeverity || rule == "plural-missing-category")
            #expect(d.line >= 1 && d.column >= 1, "\(d.description)")
            #expect(d.file.hasPrefix(Fixtures.bad(rule) + "/"), "\(d.file)")
            #expect(!d.table.isEmpty)
        }
        // The run fails when the rule is an error, and under --strict anyway.
        #expect(report.fails(strict: true))
    }

    @Test(arguments: Fixtures.names("good"))
    func goodFixtureIsSilent(_ name: String) throws {
        let report = try Fixtures.lint([Fixtures.good(name)])
        #expect(report.diagnostics.isEmpty, "good/\(name): \(report.diagnostics.map(\.description))")
        #expect(!report.fails(strict: true))
        #expect(report.files > 0 && report.keys > 0)
    }

    /// The repository's own tables: zero findings, strict.
    @Test func repositoryLocalizationsAreClean() throws {
        let report = try Fixtures.lint([Fixtures.localizations])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.prefix(20).map(\.description))")
        #expect(report.locales >= 40)
        #expect(!report.fails(strict: true))
    }

    @Test func linkedFolderLoopsAreNotFollowed() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write("\"a\" = \"A\";\n", "App/en.lproj/Localizable.strings", in: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/App/loop1", withDestinationPath: root + "/App")
        try FileManager.default.createSymbolicLink(atPath: root + "/App/loop2", withDestinationPath: root)
        let report = try Fixtures.lint([root])
        #expect(report.files == 1)
        #expect(report.diagnostics.isEmpty)
    }

    @Test func brokenLinkIsAnIOError() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write("\"a\" = \"A\";\n", "en.lproj/Localizable.strings", in: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/en.lproj/Broken.strings", withDestinationPath: root + "/nowhere")
        let report = try Fixtures.lint([root])
        let io = report.diagnostics.filter { $0.rule.rawValue == "io" }
        #expect(io.count == 1)
        #expect(io.first?.file == root + "/en.lproj/Broken.strings")
        #expect(io.first?.severity == .error)
    }
}

/// Hand-checked places and messages.
@Suite struct RuleDetailTests {
    @Test func specifierMismatchPointsAtTheValue() throws {
        // de.lproj/Localizable.strings: `"k" = "%d hat %@ neue Nachrichten";` — the value's quote is column 7.
        let report = try Fixtures.lint([Fixtures.bad("specifier-mismatch")])
        let hits = report.diagnostics.filter { $0.rule.rawValue == "specifier-mismatch" }
        #expect(hits.count == 2)  // argument 1 read as an integer, argument 2 as an object
        for d in hits {
            #expect(d.file.hasSuffix("de.lproj/Localizable.strings"))
            #expect(d.line == 1 && d.column == 7)
            #expect(d.locale == "de" && d.table == "Localizable" && d.key == "k")
        }
    }

    @Test func syntaxErrorSaysTheDeviceDropsTheFile() throws {
        let report = try Fixtures.lint([Fixtures.bad("syntax")])
        let d = try #require(report.diagnostics.first { $0.rule.rawValue == "syntax" })
        #expect(d.message.contains("drops the whole file"))
        #expect(d.line == 1)
        #expect(d.severity == .error)
    }

    @Test func polishWithoutFewAndMany() throws {
        // CLDR: pl has one, few (2-4, 22-24…), many (0, 5-21…), other (fractions).
        let report = try Fixtures.lint([Fixtures.bad("plural-missing-category")])
        let hits = report.diagnostics.filter { $0.rule.rawValue == "plural-missing-category" }
        #expect(hits.count == 2)
        #expect(hits.contains { $0.message.contains("'few'") && $0.message.contains("2, 3, 4") })
        #expect(hits.contains { $0.message.contains("'many'") && $0.message.contains("5") })
        #expect(hits.allSatisfy { $0.locale == "pl" && $0.severity == .error })
    }

    @Test func frenchManyOnlyForMillionsIsAWarning() throws {
        // fr 'many' is selected only by 1000000 and other multiples of a million (CLDR 42).
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write(stringsdict(["one": "%d file", "other": "%d files"]), "en.lproj/Localizable.stringsdict", in: root)
        try Fixtures.write(stringsdict(["one": "%d fichier", "other": "%d fichiers"]), "fr.lproj/Localizable.stringsdict", in: root)
        let report = try Fixtures.lint([root])
        #expect(report.diagnostics.count == 1)
        let d = try #require(report.diagnostics.first)
        #expect(d.rule.rawValue == "plural-missing-category" && d.severity == .warning && d.message.contains("'many'"))
        #expect(report.errors == 0)
    }

    @Test func zeroFormWithAFloatValueTypeIsNeverSelected() throws {
        // Apple's zero rule applies to integer value types; with f, 0.0 reads 'other' in English.
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write(stringsdict(["zero": "No distance", "one": "%.1f kilometre", "other": "%.1f kilometres"], valueType: "f"), "en.lproj/Localizable.stringsdict", in: root)
        let report = try Fixtures.lint([root])
        #expect(report.diagnostics.map(\.rule.rawValue) == ["plural-unused-category"])
    }

    @Test func encodingDamageInsideValidUTF8() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write("\"a\" = \"Caf\u{FFFD}\";\n\"b\" = \"x\u{FEFF}y\";\n", "en.lproj/Localizable.strings", in: root)
        let report = try Fixtures.lint([root])
        let hits = report.diagnostics.filter { $0.rule.rawValue == "encoding" }
        #expect(hits.map(\.line) == [1, 2])
        #expect(hits[0].message.contains("U+FFFD"))
        #expect(hits[1].message.contains("U+FEFF"))
    }

    @Test func accidentalSpecifierIsNotAlsoAnArgument() throws {
        let report = try Fixtures.lint([Fixtures.bad("accidental-specifier")])
        // "Spare 50% an %@": Foundation reads '% a' as a double from argument 1, so '%@' moves to
        // argument 2, which the caller never passes: both are reported, the cause first.
        let rules = report.diagnostics.map(\.rule.rawValue)
        #expect(rules.first == "accidental-specifier")
        #expect(report.diagnostics.first?.message.contains("'% a'") == true)
        #expect(report.diagnostics.contains { $0.rule.rawValue == "specifier-mismatch" && $0.message.contains("argument 2") })
    }

    @Test func sourceLocaleOverride() throws {
        // With de as the source, nothing is missing (en has every key de has), and en's "bye"
        // reads as text, which is what a de device shows when a lookup finds no de entry: no
        // extra-key either (with en as the source, de lacks "bye": missing-key).
        let report = try Fixtures.lint([Fixtures.bad("missing-key")], source: "de")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
        #expect(try Fixtures.lint([Fixtures.bad("missing-key")]).diagnostics.map(\.rule.rawValue) == ["missing-key"])
        // A source locale the folder does not have: still validated, one missing-source finding.
        let absent = try Fixtures.lint([Fixtures.bad("missing-key")], source: "fr")
        #expect(absent.diagnostics.map(\.rule.rawValue) == ["missing-source"])
        #expect(absent.diagnostics.first?.message.contains("has no fr tables (it has de, en)") == true)
    }

    @Test func specifierInTheTranslationOfPlainTextIsShownLiterally() throws {
        // "Hello" is never formatted, so the device shows "Hallo %@" as written.
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write("\"hi\" = \"Hello\";\n", "en.lproj/Localizable.strings", in: root)
        try Fixtures.write("\"hi\" = \"Hallo %@\";\n", "de.lproj/Localizable.strings", in: root)
        let report = try Fixtures.lint([root])
        #expect(report.diagnostics.map(\.rule.rawValue) == ["render-leftover-specifier"])
        #expect(report.diagnostics.first?.message.contains("'%@'") == true)
    }

    @Test func missingPathIsAUsageError() {
        #expect(throws: Linter.UsageError.self) { try Fixtures.lint([Fixtures.directory + "/no-such-folder"]) }
    }

    func stringsdict(_ forms: [String: String], valueType: String = "d") -> String {
        var s = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>

            """
        for c in ["zero", "one", "two", "few", "many", "other"] {
            if let f = forms[c] { s += "<key>\(c)</key><string>\(f)</string>\n" }
        }
        s += "</dict></dict></dict></plist>\n"
        return s
    }
}
