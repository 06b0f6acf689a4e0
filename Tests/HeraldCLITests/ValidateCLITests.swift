import Foundation
import HeraldJSON
import Testing
import HeraldTestSupport

/// `herald validate` as CI runs it: the real binary, exit codes, formats, config.
@Suite struct ValidateCLITests {
    static let fixtures: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HeraldLintTests/Fixtures").path
    }()
    static let repository: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    @Test func cleanTreeExitsZeroEvenStrict() async throws {
        let r = try await HeraldBinary.run(["validate", "--strict", Self.fixtures + "/good/plurals"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("herald validate: 7 files, 7 locales, 1 key: 0 errors, 0 warnings"))
        #expect(r.stderr.isEmpty)  // not a terminal: no progress line
    }

    @Test func repositoryLocalizationsByDefault() async throws {
        // No path: ./Localizations.
        let r = try await HeraldBinary.run(["validate", "--strict"], directory: URL(fileURLWithPath: Self.repository))
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains(": 0 errors, 0 warnings"))
    }

    @Test func errorsExitOne() async throws {
        let r = try await HeraldBinary.run(["validate", Self.fixtures + "/bad/specifier-mismatch"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.hasSuffix("[specifier-mismatch]") == true)
        #expect(lines.first?.contains("/bad/specifier-mismatch/de.lproj/Localizable.strings:1:7: error: ") == true)
        #expect(lines.last == "herald validate: 2 files, 2 locales, 1 key: 2 errors, 0 warnings")
    }

    @Test func warningsPassUnlessStrict() async throws {
        let plain = try await HeraldBinary.run(["validate", Self.fixtures + "/bad/missing-key"])
        #expect(plain.status == 0, "\(plain.stdout)")
        #expect(plain.stdout.contains("warning: "))
        let strict = try await HeraldBinary.run(["validate", "--strict", Self.fixtures + "/bad/missing-key"])
        #expect(strict.status == 1)
    }

    @Test func usageErrorsExitTwo() async throws {
        let missing = try await HeraldBinary.run(["validate", Self.fixtures + "/no-such-folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or directory"))
        let format = try await HeraldBinary.run(["validate", "--format", "xml", Self.fixtures + "/good/plurals"])
        #expect(format.status == 2)
        // A source locale the folder lacks is a finding, not a usage error; a --source folder
        // that is not there is one.
        let source = try await HeraldBinary.run(["validate", "--source-locale", "fr", Self.fixtures + "/good/plurals"])
        #expect(source.status == 0 && source.stdout.contains("[missing-source]"), "\(source.stdout)")
        let sourceDir = try await HeraldBinary.run(["validate", "--source", Self.fixtures + "/no-such-folder", Self.fixtures + "/good/plurals"])
        #expect(sourceDir.status == 2)
        let config = try TemporaryFolder("herald-cli-validate")
        try config.write(#"{"rules": {"no-such-rule": "off"}}"#, to: "bad.json")
        let badConfig = try await HeraldBinary.run(["validate", "--config", config.path + "/bad.json", Self.fixtures + "/good/plurals"])
        #expect(badConfig.status == 2)
        #expect(badConfig.stderr.contains("no-such-rule"))
    }

    @Test func jsonAndSarifAreDocuments() async throws {
        let json = try await HeraldBinary.run(["validate", "--format", "json", Self.fixtures + "/bad/plural-missing-category"])
        #expect(json.status == 1)
        let v = try JSONParser.parse(json.stdout)
        #expect(v["summary"]?["errors"]?.intValue == 2)
        #expect(v["diagnostics"]?.arrayValue?.first?["locale"]?.stringValue == "pl")
        let sarif = try await HeraldBinary.run(["validate", "--format", "sarif", Self.fixtures + "/bad/plural-missing-category"])
        #expect(sarif.status == 1)
        let s = try JSONParser.parse(sarif.stdout)
        #expect(s["version"]?.stringValue == "2.1.0")
        #expect(s["runs"]?.arrayValue?.first?["results"]?.arrayValue?.count == 2)
        #expect(sarif.stderr.contains("2 errors"))  // the summary goes to stderr, stdout stays one document
    }

    @Test func githubAnnotations() async throws {
        let r = try await HeraldBinary.run(["validate", "--format", "github", Self.fixtures + "/bad/dangling-percent"])
        #expect(r.status == 1)
        let line = try #require(r.stdout.split(separator: "\n").first)
        #expect(line.hasPrefix("::error file="))
        #expect(line.contains(",line=1,col=7,"))
        #expect(line.contains("%25"))  // the message quotes '%', escaped for GitHub
    }

    @Test func configFileInTheValidatedFolder() async throws {
        let dir = try TemporaryFolder("herald-cli-validate")
        try dir.write("\"a\" = \"Hello\";\n\"b\" = \"Bye\";\n", to: "en.lproj/Localizable.strings")
        try dir.write("\"a\" = \"Hallo\";\n", to: "de.lproj/Localizable.strings")
        let before = try await HeraldBinary.run(["validate", "--strict", dir.path])
        #expect(before.status == 1)
        try dir.write(#"{"rules": {"missing-key": "off"}}"#, to: ".herald-validate.json")
        let after = try await HeraldBinary.run(["validate", "--strict", dir.path])
        #expect(after.status == 0, "\(after.stdout)")
        try dir.write(#"{"rules": {"missing-key": "error"}}"#, to: ".herald-validate.json")
        let raised = try await HeraldBinary.run(["validate", dir.path])
        #expect(raised.status == 1)
    }

    @Test func listRules() async throws {
        let r = try await HeraldBinary.run(["validate", "--list-rules"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("plural-missing-category"))
        #expect(r.stdout.contains("push-payload-size"))
    }
}
