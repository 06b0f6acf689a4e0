import Foundation
import HeraldJSON
import HeraldLint
import Testing

// The reports these tests format are made by hand, with LintReport's internal initializer.
@testable import HeraldLint

@Suite struct OutputFormatTests {
    static let sample = LintReport(
        diagnostics: [
            Diagnostic(Diagnostic.Rule("specifier-mismatch"), .error, "100% wrong,\r\nreally: yes", at: .file(Origin(file: "de.lproj/Localizable.strings", line: 3, column: 7)), subject: .init(locale: "de", table: "Localizable", key: "k")),
            Diagnostic(Diagnostic.Rule("missing-key"), .warning, "missing", at: .file(Origin(file: "Messages.xcstrings", line: 12, column: 5)), subject: .init(locale: "fr", table: "Messages", key: "a b")),
        ], files: 2, locales: 3, keys: 4)

    @Test func textIsCompilerStyleWithASummaryLast() {
        let lines = LintOutput.render(Self.sample, format: .text).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines[0] == #"de.lproj/Localizable.strings:3:7: error: 100% wrong,\r\nreally: yes [specifier-mismatch]"#)
        #expect(lines[1] == "Messages.xcstrings:12:5: warning: missing [missing-key]")
        #expect(lines[2] == "herald validate: 2 files, 3 locales, 4 keys: 1 error, 1 warning")
        #expect(lines[3] == "")
    }

    @Test func jsonHasTheSpecifiedShape() throws {
        let v = try JSONParser.parse(LintOutput.render(Self.sample, format: .json))
        let diags = try #require(v["diagnostics"]?.arrayValue)
        #expect(diags.count == 2)
        let first = try #require(diags.first?.objectValue)
        #expect(first.keys == ["file", "line", "column", "severity", "rule", "locale", "table", "key", "message"])
        #expect(first["line"]?.intValue == 3 && first["column"]?.intValue == 7)
        #expect(first["message"]?.stringValue == "100% wrong,\r\nreally: yes")
        let summary = try #require(v["summary"]?.objectValue)
        #expect(summary.keys == ["files", "locales", "keys", "errors", "warnings", "states"])
        #expect(summary["errors"]?.intValue == 1 && summary["warnings"]?.intValue == 1 && summary["files"]?.intValue == 2)
    }

    @Test func sarifHasTheRequiredShape() throws {
        let v = try JSONParser.parse(LintOutput.render(Self.sample, format: .sarif))
        #expect(v["version"]?.stringValue == "2.1.0")
        #expect(v["$schema"]?.stringValue?.contains("sarif") == true)
        let runs = try #require(v["runs"]?.arrayValue)
        #expect(runs.count == 1)
        let driver = try #require(runs[0]["tool"]?["driver"])
        #expect(driver["name"]?.stringValue == "herald validate")
        let rules = try #require(driver["rules"]?.arrayValue)
        #expect(rules.count == LintRule.all.count)
        #expect(rules.allSatisfy { $0["id"]?.stringValue != nil })
        let results = try #require(runs[0]["results"]?.arrayValue)
        #expect(results.count == 2)
        for (r, d) in zip(results, Self.sample.diagnostics) {
            #expect(r["ruleId"]?.stringValue == d.rule.rawValue)
            #expect(r["level"]?.stringValue == (d.severity == .error ? "error" : "warning"))
            #expect(r["message"]?["text"]?.stringValue == d.message)
            let loc = try #require(r["locations"]?.arrayValue?.first?["physicalLocation"])
            #expect(loc["artifactLocation"]?["uri"]?.stringValue == d.file)
            #expect(loc["region"]?["startLine"]?.intValue == Int64(d.line))
            #expect(loc["region"]?["startColumn"]?.intValue == Int64(d.column))
            // ruleIndex points at the rule in the driver's list.
            let index = try #require(r["ruleIndex"]?.intValue)
            #expect(rules[Int(index)]["id"]?.stringValue == d.rule.rawValue)
        }
    }

    @Test func sarifURIsArePercentEncoded() throws {
        let report = LintReport(diagnostics: [Diagnostic(Diagnostic.Rule("syntax"), .error, "x", at: .file(Origin(file: "My App/de.lproj/L%.strings", line: 1, column: 1)))], files: 1, locales: 1, keys: 0)
        let v = try JSONParser.parse(LintOutput.render(report, format: .sarif))
        let uri = v["runs"]?.arrayValue?.first?["results"]?.arrayValue?.first?["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]?["uri"]?.stringValue
        #expect(uri == "My%20App/de.lproj/L%25.strings")
    }

    @Test func githubEscapesPercentCRLFAndPropertySeparators() {
        let out = LintOutput.render(Self.sample, format: .github)
        let lines = out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0] == "::error file=de.lproj/Localizable.strings,line=3,col=7,title=herald validate [specifier-mismatch]::100%25 wrong,%0D%0Areally: yes")
        #expect(lines[1] == "::warning file=Messages.xcstrings,line=12,col=5,title=herald validate [missing-key]::missing")
        #expect(LintOutput.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
        #expect(LintOutput.escapeData("a:b,c") == "a:b,c")
    }

    @Test func strictTurnsWarningsIntoFailures() {
        let warningsOnly = LintReport(diagnostics: [Self.sample.diagnostics[1]], files: 1, locales: 1, keys: 1)
        #expect(!warningsOnly.fails(strict: false))
        #expect(warningsOnly.fails(strict: true))
        #expect(Self.sample.fails(strict: false))
    }
}

@Suite struct ConfigurationTests {
    @Test func parsesEverySetting() throws {
        let text = """
            {"sourceLocale": "de", "locales": ["de", "en"], "rules": {"untranslated": "off", "missing-key": "error"},
             "ignore": ["Pods/**"], "notifications": ["Push:*"], "pushArgumentBytes": 10,
             "pushOverheadBytes": 20, "strict": true,
             "fit": {"family": "Inter", "surfaces": [{"name": "watch", "device": "small", "width": 150,
               "title": {"size": 15, "weight": 600, "lines": 1}, "subtitle": {"size": 14, "weight": 600, "lines": 1},
               "body": {"size": 15, "weight": 400, "lines": 8, "reserve": 10}}],
               "arguments": {"Push:game.*": ["Powerball"]}}}
            """
        let c = try LintConfiguration.parse(Array(text.utf8), path: "c.json")
        #expect(c.sourceLocale == "de")
        #expect(c.locales == ["de", "en"])
        #expect(c.severity(of: Diagnostic.Rule("untranslated")) == nil)
        #expect(c.severity(of: Diagnostic.Rule("missing-key")) == .error)
        #expect(c.severity(of: Diagnostic.Rule("syntax")) == .error)
        #expect(c.isNotification(table: "Push", key: "a"))
        #expect(!c.isNotification(table: "Localizable", key: "a"))
        #expect(c.pushArgumentBytes == 10 && c.pushOverheadBytes == 20 && c.strict)
        #expect(c.fit.family == "Inter" && c.fit.surfaces.count == 1 && c.fit.surfaces[0].width == 150)
        #expect(c.fit.surfaces[0].styles[.body] == LineStyle(size: 15, weight: 400, lines: 8, reserve: 10))
        #expect(c.fit.arguments == [FitSettings.Arguments(pattern: "Push:game.*", values: ["Powerball"])])
    }

    @Test func rejectsTyposAndBadValues() {
        for bad in [#"{"rule": {}}"#, #"{"rules": {"no-such-rule": "off"}}"#, #"{"rules": {"syntax": "loud"}}"#, #"{"ignore": "Pods"}"#, "[1]", "{", #"{"pushArgumentBytes": -1}"#, #"{"locales": "en"}"#, #"{"locales": ["en", ""]}"#, #"{"locales": ["en", 1]}"#,
                    #"{"lockScreenCharacters": 178}"#, #"{"fit": {"fonts": {"400": "/etc/passwd"}}}"#, #"{"fit": {"fonts": {"400": "../x.otf"}}}"#,
                    #"{"fit": {"surfaces": [{"name": "s", "width": 300}]}}"#, #"{"fit": {"size": 15}}"#, #"{"fit": {"arguments": {"*:*": []}}}"#] {
            #expect(throws: LintConfiguration.Problem.self, "\(bad)") { try LintConfiguration.parse(Array(bad.utf8), path: "c.json") }
        }
    }

    @Test func rulesTurnedOffOrChanged() throws {
        var c = LintConfiguration()
        c.rules[Diagnostic.Rule("missing-key")] = .off
        c.rules[Diagnostic.Rule("extra-key")] = .report(.error)
        let report = try Fixtures.lint([Fixtures.bad("missing-key"), Fixtures.bad("extra-key")], configuration: c)
        #expect(!report.diagnostics.contains { $0.rule.rawValue == "missing-key" })
        #expect(report.diagnostics.filter { $0.rule.rawValue == "extra-key" }.allSatisfy { $0.severity == .error })
        #expect(report.errors == 1)
    }

    /// `locales`: a hand-made bundle with en and de in both an .lproj table and a String
    /// Catalog. Each table lacking a listed localization is one error; tags match the way folder
    /// names do (`DE` is `de`).
    @Test func requiredLocales() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write("\"a\" = \"Hello there\";\n", "en.lproj/Localizable.strings", in: root)
        try Fixtures.write("\"a\" = \"Hallo zusammen\";\n", "de.lproj/Localizable.strings", in: root)
        try Fixtures.write(#"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"b": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "Good morning everyone"}},
              "de": {"stringUnit": {"state": "translated", "value": "Guten Morgen allerseits"}}}}}}
            """#, "Messages.xcstrings", in: root)
        var c = LintConfiguration()
        c.locales = ["en", "DE"]
        let clean = try Fixtures.lint([root], configuration: c)
        #expect(clean.diagnostics.isEmpty, "\(clean.diagnostics.map(\.description))")

        c.locales = ["en", "de", "fr"]
        let report = try Fixtures.lint([root], configuration: c)
        let hits = report.diagnostics.filter { $0.rule == .missingLocale }
        #expect(hits.count == 2, "\(report.diagnostics.map(\.description))")
        #expect(Set(hits.map { $0.table }) == ["Localizable", "Messages"])
        #expect(hits.allSatisfy { $0.locale == "fr" && $0.severity == .error && $0.message.contains("no fr localization") })
        #expect(hits.first { $0.table == "Localizable" }?.file == root + "/en.lproj/Localizable.strings")
        #expect(report.fails(strict: false))

        // A deleted folder: the .lproj table lacks de, the String Catalog still has it.
        try FileManager.default.removeItem(atPath: root + "/de.lproj")
        c.locales = ["en", "de"]
        let deleted = try Fixtures.lint([root], configuration: c).diagnostics.filter { $0.rule == .missingLocale }
        #expect(deleted.map { $0.table } == ["Localizable"] && deleted.first?.locale == "de")
    }

    @Test func ignoredPathsAreNotRead() throws {
        var c = LintConfiguration()
        c.ignore = [Glob("de.lproj/**")]
        let report = try Fixtures.lint([Fixtures.bad("syntax")], configuration: c)
        #expect(report.diagnostics.isEmpty)
        #expect(report.files == 1)
    }

    @Test func notificationScope() throws {
        let d = LintConfiguration()
        #expect(d.isNotification(table: "Notifications", key: "a"))
        #expect(d.isNotification(table: "PushAlerts", key: "win/body"))
        // A key's name is no evidence (issue 30: settings footers and permission screens).
        #expect(!d.isNotification(table: "Localizable", key: "push.win/body"))
        #expect(!d.isNotification(table: "Localizable", key: "settings.notificationSound"))
        #expect(!d.isNotification(table: "Localizable", key: "onboarding.body"))
        // In Table:key globs '*' crosses '/': keys may hold slashes.
        let c = try LintConfiguration.parse(Array(#"{"notifications": ["Localizable:alerts.*"]}"#.utf8), path: "c.json")
        #expect(c.isNotification(table: "Localizable", key: "alerts.a/b"))
        #expect(!c.isNotification(table: "Localizable", key: "a/alerts.b"))
    }

    @Test func globs() {
        #expect(Glob("Pods/**").matches("Pods/A/b.strings"))
        #expect(!Glob("Pods/*").matches("Pods/A/b.strings"))
        #expect(Glob("**/Legacy/*.strings").matches("App/Legacy/x.strings"))
        #expect(Glob("**/Legacy/*.strings").matches("Legacy/x.strings"))
        #expect(Glob("*.stringsdict").matches("a/b/c.stringsdict"))
        #expect(!Glob("*.stringsdict").matches("a/b/c.strings"))
        #expect(Glob("de.lproj/?.strings").matches("de.lproj/L.strings"))
        #expect(!Glob("de.lproj/?.strings").matches("de.lproj/LL.strings"))
    }

    @Test func globsMatchCharactersWhateverTheText() {
        // ASCII names are matched byte by byte, the rest character by character: the same
        // answers. `?` is one character: "\r\n" is one, so is "é" written e + U+0301.
        for separator in [nil, Character("/")] {
            #expect(Glob("a?b", separator: separator).matches("a\r\nb"))
            #expect(Glob("a?b", separator: separator).matches("ae\u{301}b"))
            #expect(Glob("a?b", separator: separator).matches("axb"))
            #expect(!Glob("a?b", separator: separator).matches("axxb"))
            #expect(Glob("Localizable:push.*", separator: separator).matches("Localizable:push.won"))
            #expect(Glob("Localizable:push.*", separator: separator).matches("Localizable:push.gewonnen-ü"))
            #expect(!Glob("Localizable:push.*", separator: separator).matches("Localizable:pull.won"))
        }
        #expect(Glob("*", separator: nil).matches("a/b"))
        #expect(!Glob("?", separator: "/").matches("/"))
        #expect(Glob("?", separator: "\r\n").matches("/"))
        #expect(!Glob("?", separator: "\r\n").matches("\r\n"))
    }
}
