import Foundation
import HeraldJSON
import Testing
import HeraldTestSupport

/// What was asked for and what was served, for unknown and malformed locale tags, in every
/// command that takes one (Docs/locales.md).
@Suite struct LocaleTagCLITests {
    static let tables = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Localizations").path

    static let message =
        #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"Gate 4","from":"HQ"}}"#

    /// `xx` is well formed but no language ICU has data for: rendered (from en, the development
    /// language), with a warning naming the request and the localization served.
    @Test func unknownLanguageIsSaid() async throws {
        let format = try await HeraldBinary.run(
            ["format", "--tables", Self.tables, "--key", "lottery.loss.body", "--locale", "xx", "--arg", "3"])
        #expect(format.status == 0)
        #expect(format.stderr.contains("herald: warning: lottery.loss.body: locale 'xx' names a language ICU has no data for: text and plural rules from 'en'"))
        #expect(format.stderr.contains("[unknown-locale]"))

        let json = try await HeraldBinary.run(
            ["format", "--tables", Self.tables, "--key", "lottery.loss.body", "--locale", "xx", "--arg", "3", "--json"])
        let object = try JSONParser.parse(json.stdout.trimmingCharacters(in: .newlines))
        #expect(object["servedBy"]?.stringValue == "en")
        #expect(object["diagnostics"]?.arrayValue?.first?.stringValue?.contains("locale 'xx'") == true)

        // A known language gets no such note.
        let known = try await HeraldBinary.run(
            ["format", "--tables", Self.tables, "--key", "lottery.loss.body", "--locale", "de", "--arg", "3"])
        #expect(known.status == 0 && known.stderr.isEmpty)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-locale-\(UUID().uuidString).json")
        try Self.message.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let render = try await HeraldBinary.run(["render", "--payload", file.path, "--locale", "xx", "--tables", Self.tables, "--allow-unsealed"])
        #expect(render.status == 0)
        #expect(render.stderr.contains("herald: warning: locale 'xx' names a language ICU has no data for: text and plural rules from 'en'"))

        let preview = try await HeraldBinary.run(["preview", "--locales", "xx", "--format", "json", "--tables", Self.tables])
        #expect(preview.status == 0)
        #expect(preview.stderr.contains("herald: warning: locale 'xx'"))
        let first = try JSONParser.parse(preview.stdout)["locales"]?.arrayValue?.first
        #expect(first?["servedBy"]?.stringValue == "en")
        #expect(first?["diagnostics"]?.arrayValue?.contains { $0.stringValue?.contains("locale 'xx'") == true } == true)
    }

    /// `en__US` (ICU would read a variant "US" and show `en-x-lvariant-us`) is an error naming
    /// the problem: exit 2 for one command, an error answer for that line of a batch.
    @Test func malformedTagIsAnError() async throws {
        for tag in ["en__US", "en_", "_en", "en_US_X"] {
            let format = try await HeraldBinary.run(
                ["format", "--tables", Self.tables, "--key", "lottery.loss.body", "--locale", tag, "--arg", "3"])
            #expect(format.status == 2, "\(tag)")
            #expect(format.stderr.contains("--locale \(tag):"), "\(format.stderr)")
            #expect(format.stdout.isEmpty)
        }
        let format = try await HeraldBinary.run(
            ["format", "--tables", Self.tables, "--key", "lottery.loss.body", "--locale", "en__US", "--arg", "3"])
        #expect(format.stderr.contains("empty subtag"))
        let render = try await HeraldBinary.run(["render", "--payload", "-", "--locale", "en__US", "--tables", Self.tables], stdin: Data(Self.message.utf8))
        #expect(render.status == 2 && render.stderr.contains("empty subtag"))
        let preview = try await HeraldBinary.run(["preview", "--locales", "de,en__US", "--tables", Self.tables])
        #expect(preview.status == 2 && preview.stderr.contains("--locales en__US") && preview.stderr.contains("empty subtag"))
    }

    @Test func batchesAnswerEachLine() async throws {
        let formatLines = [
            #"{"key":"lottery.loss.body","locale":"xx","args":[3]}"#,
            #"{"key":"lottery.loss.body","locale":"en__US","args":[3]}"#,
            #"{"key":"lottery.loss.body","locale":"nb","args":[3]}"#,
        ]
        let format = try await HeraldBinary.run(
            ["format", "--batch", "-", "--tables", Self.tables], stdin: Data((formatLines.joined(separator: "\n") + "\n").utf8))
        #expect(format.status == 0)
        let answers = try format.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(answers.count == 3)
        #expect(answers[0]["servedBy"]?.stringValue == "en")
        #expect(answers[0]["diagnostics"]?.arrayValue?.first?.stringValue?.contains("locale 'xx' names a language ICU has no data for") == true)
        #expect(answers[1]["error"]?.stringValue?.contains("empty subtag") == true)
        #expect(answers[1]["locale"]?.stringValue == "en__US")
        #expect(answers[2]["servedBy"]?.stringValue == "nb" && answers[2]["diagnostics"] == nil)

        let renderLines = [
            #"{"id":"a","locale":"xx","payload":\#(Self.message)}"#,
            #"{"id":"b","locale":"en__US","payload":\#(Self.message)}"#,
            #"{"id":"c","locale":"pt_br","payload":\#(Self.message)}"#,
        ]
        let render = try await HeraldBinary.run(
            ["render", "--batch", "-", "--tables", Self.tables], stdin: Data((renderLines.joined(separator: "\n") + "\n").utf8))
        #expect(render.status == 0)
        let lines = try render.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(lines.count == 3)
        #expect(lines[0]["requested"]?.stringValue == "xx" && lines[0]["servedBy"]?.stringValue == "en")
        #expect(lines[0]["diagnostics"]?.arrayValue?.contains { $0.stringValue?.contains("locale 'xx'") == true } == true)
        #expect(lines[1]["id"]?.stringValue == "b" && lines[1]["error"]?.stringValue?.contains("empty subtag") == true)
        #expect(lines[2]["locale"]?.stringValue == "pt_br" && lines[2]["requested"]?.stringValue == "pt-BR")
        #expect(lines[2]["servedBy"]?.stringValue == "pt-BR")
    }

    /// `export --source-language`, `validate --source-locale` and `receipts record --locale` read
    /// the tag as `--locale` does: a malformed one is exit 2 naming the flag and the problem, with
    /// nothing written; a good one is kept in canonical BCP 47 form (QA findings F14, F16).
    @Test func everyLocaleFlagReadsTheTagAsLocaleDoes() async throws {
        let folder = try TemporaryFolder("herald-tags")
        let out = folder.path + "/catalogs"
        for tag in ["x y!", "en__US"] {
            let export = try await HeraldBinary.run(
                ["export", Self.tables, "--format", "xcstrings", "--output", out, "--source-language", tag])
            #expect(export.status == 2, "\(tag): \(export.stderr)")
            #expect(export.stderr.hasPrefix("herald: error: --source-language \(tag): "), "\(export.stderr)")
            #expect(export.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let good = try await HeraldBinary.run(
            ["export", Self.tables, "--format", "xcstrings", "--output", out, "--source-language", "pt_br"])
        #expect(good.status == 0, "\(good.stderr)")
        let written = try String(contentsOfFile: out + "/Messages.xcstrings", encoding: .utf8)
        #expect(written.contains(#""sourceLanguage" : "pt-BR""#))

        let validate = try await HeraldBinary.run(["validate", Self.tables, "--source-locale", "en__US"])
        #expect(validate.status == 2)
        #expect(validate.stderr.hasPrefix("herald: error: --source-locale en__US: "), "\(validate.stderr)")
        #expect(validate.stderr.contains("empty subtag"))
        #expect(validate.stdout.isEmpty)
        let canonical = try await HeraldBinary.run(["validate", Self.tables, "--source-locale", "EN"])
        #expect(canonical.status == 0, "\(canonical.stdout)\(canonical.stderr)")

        let store = folder.path + "/store"
        for tag in ["en__US", "a b", "e\u{1B}n"] {
            let record = try await HeraldBinary.run(["receipts", "record", "--push-id", "P1", "--locale", tag, "--store", store])
            #expect(record.status == 2, "\(tag): \(record.stderr)")
            #expect(record.stderr.hasPrefix("herald: error: --locale "), "\(record.stderr)")
            #expect(!record.stderr.contains("\u{1B}"), "a control character is shown escaped")
            #expect(record.stdout.isEmpty)
        }
        let escaped = try await HeraldBinary.run(["receipts", "record", "--push-id", "P1", "--locale", "e\u{1B}n", "--store", store])
        #expect(escaped.stderr.contains(#"--locale e\u{1B}n: "#), "\(escaped.stderr)")
        let record = try await HeraldBinary.run(["receipts", "record", "--push-id", "P2", "--locale", "pt_br", "--store", store])
        #expect(record.status == 0, "\(record.stderr)")
        let list = try await HeraldBinary.run(["receipts", "list", "--all", "--store", store])
        let rows = list.stdout.split(separator: "\n").filter { $0.contains("\tP") }
        #expect(rows.count == 1, "only the good tag was recorded: \(list.stdout)")
        #expect(rows.first?.split(separator: "\t").dropFirst(3).first == "pt-BR", "\(list.stdout)")
    }

    /// `und`, `root` and private-use tags name no language: the message says what was typed and
    /// why, not "'' is not a language subtag" (QA finding F3).
    @Test func tagsNamingNoLanguageSayWhatWasTyped() async throws {
        let reasons = [
            "und": "'und' is the undetermined language", "und-US": "'und' is the undetermined language",
            "root": "'root' is ICU's root locale", "x-private": "a private-use tag ('x-…')",
        ]
        for (tag, reason) in reasons {
            let format = try await HeraldBinary.run(
                ["format", "--tables", Self.tables, "--key", "lottery.loss.body", "--locale", tag, "--arg", "3"])
            #expect(format.status == 2, "\(tag)")
            #expect(format.stderr.hasPrefix("herald: error: --locale \(tag): "), "\(format.stderr)")
            #expect(format.stderr.contains(reason), "\(format.stderr)")
            #expect(!format.stderr.contains("''"), "\(format.stderr)")
            #expect(format.stdout.isEmpty)
        }
    }

    /// `preview --locales xx` warns on stderr with the sentence render and format use, naming
    /// the localization that serves the text (QA finding C8).
    @Test func previewWarnsWithRendersSentence() async throws {
        let sentence = "herald: warning: locale 'xx' names a language ICU has no data for: text and plural rules from 'en', numbers and dates from ICU's root locale\n"
        let preview = try await HeraldBinary.run(["preview", "--locales", "xx", "--format", "json", "--tables", Self.tables])
        #expect(preview.status == 0)
        #expect(preview.stderr == sentence, "\(preview.stderr)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-locale-\(UUID().uuidString).json")
        try Self.message.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let render = try await HeraldBinary.run(["render", "--payload", file.path, "--locale", "xx", "--tables", Self.tables, "--allow-unsealed"])
        #expect(render.stderr.contains(sentence), "\(render.stderr)")
    }
}
