import Foundation
import HeraldJSON
import Testing
import HeraldTestSupport

/// The same failure reads the same in every command: `herald: error: <subject>: <message>`
/// on standard error, nothing on standard output, exit 2 for usage and input errors
/// (the CLI contract's "2 usage"). The expected texts are written here by hand from that
/// form, not taken from the code.
@Suite struct OneVoiceCLITests {
    // MARK: a path that is not there

    /// `export` and `validate` say a missing folder the same way, with the same status.
    @Test func missingFolderReadsTheSameInExportAndValidate() async throws {
        let folder = try TemporaryFolder("herald-voice")
        let missing = folder.path + "/Localizations"
        for command in ["export", "validate"] {
            let r = try await HeraldBinary.run([command, missing])
            #expect(r.status == 2, "\(command)")
            #expect(r.stdout == "", "\(command)")
            #expect(r.stderr == "herald: error: \(missing): no such file or directory\n", "\(command)")
        }
        // The default folder (./Localizations) when the current folder has none.
        for command in ["export", "validate"] {
            let r = try await HeraldBinary.run([command], directory: URL(fileURLWithPath: folder.path))
            #expect(r.status == 2, "\(command)")
            #expect(r.stderr == "herald: error: Localizations: no such file or directory\n", "\(command)")
        }
    }

    /// An input file that is not there: one sentence in every command that reads one
    /// (before: `cannot read push.json` in seal, `push.json: cannot open (No such file or
    /// directory)` in render, `no such file` for validate --config).
    @Test func missingInputFileReadsTheSameInEveryCommand() async throws {
        let folder = try TemporaryFolder("herald-voice")
        let missing = folder.path + "/push.json"
        let commands: [[String]] = [
            ["render", "--payload", missing, "--locale", "en"],
            ["render", "--batch", missing],
            ["format", "--batch", missing],
            ["preview", "--payload", missing],
            ["seal", "--payload", missing, "--key-id", "k1"],
        ]
        for command in commands {
            let r = try await HeraldBinary.run(command, environment: ["HERALD_STORE": folder.path])
            #expect(r.status == 2, "\(command)")
            #expect(r.stdout == "", "\(command)")
            #expect(r.stderr == "herald: error: \(missing): no such file or directory\n", "\(command): \(r.stderr)")
        }
        let config = try await HeraldBinary.run(["validate", "--config", missing, folder.path])
        #expect(config.status == 2)
        #expect(config.stderr == "herald: error: --config \(missing): no such file or directory\n")
    }

    @Test func aFileThatIsNotATableReadsTheSameInExportAndValidate() async throws {
        let folder = try TemporaryFolder("herald-voice")
        let notes = try folder.write("notes", to: "notes.txt")
        for command in ["export", "validate"] {
            let r = try await HeraldBinary.run([command, notes])
            #expect(r.status == 2, "\(command)")
            #expect(r.stdout == "", "\(command)")
            #expect(r.stderr == "herald: error: \(notes): not a .strings, .stringsdict or .xcstrings file\n", "\(command)")
        }
    }

    @Test func exportUsageErrorsExitTwo() async throws {
        let folder = try TemporaryFolder("herald-voice")
        try folder.write(#""a" = "A";"#, to: "in/en.lproj/Localizable.strings")
        try folder.write(#""b" = "B";"#, to: "in/en.lproj/Alerts.strings")
        let strings = try await HeraldBinary.run(["export", folder.path + "/in", "--format", "strings"])
        #expect(strings.status == 2)
        #expect(strings.stdout == "")
        #expect(strings.stderr == "herald: error: --format strings: writes .lproj folders; give --output DIR\n")
        let xcstrings = try await HeraldBinary.run(["export", folder.path + "/in", "--format", "xcstrings"])
        #expect(xcstrings.status == 2)
        #expect(xcstrings.stdout == "")
        #expect(
            xcstrings.stderr
                == "herald: error: --format xcstrings: 2 tables (Alerts, Localizable); give --output DIR to write one .xcstrings file each\n")
    }

    // MARK: batches say the line and column the same way

    /// The same broken line (line 2 of the input) answered by both batch commands:
    /// `line 2, column 12: not JSON: …`. `{"key": "a"` is 11 bytes, so the parser runs out
    /// of input at column 12 (counted by hand).
    @Test func batchErrorsSayLineAndColumnTheSameWay() async throws {
        let folder = try TemporaryFolder("herald-voice")
        try folder.write(#""a" = "A";"#, to: "Localizations/en.lproj/Localizable.strings")
        let tables = folder.path + "/Localizations"
        let broken = #"{"key": "a""#
        let format = try await HeraldBinary.run(
            ["format", "--batch", "-", "--tables", tables],
            stdin: Data((#"{"key":"a","locale":"en"}"# + "\n" + broken + "\n" + #"{"key":"a"}"# + "\n").utf8))
        let render = try await HeraldBinary.run(
            ["render", "--batch", "-", "--tables", tables, "--store", folder.path + "/store"],
            stdin: Data((#"{"id":"1","locale":"en","payload":{"aps":{"alert":"x","mutable-content":1}}}"# + "\n" + broken + "\n"
                + #"{"id":"3"}"# + "\n").utf8))
        for (name, r) in [("format", format), ("render", render)] {
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let lines = r.stdout.split(separator: "\n").map { try? JSONParser.parse(String($0)) }
            #expect(lines.count == 3, "\(name)")
            guard lines.count == 3 else { continue }
            #expect(lines[0]?["error"] == nil, "\(name)")
            #expect(lines[1]?["error"]?.stringValue == "line 2, column 12: not JSON: unexpected end of input in an object", "\(name)")
            #expect(lines[2]?["error"]?.stringValue?.hasPrefix("line 3: ") == true, "\(name): \(lines[2]?["error"] ?? .null)")
        }
        #expect(format.stdout.split(separator: "\n").last == #"{"error":"line 3: \"locale\" (a string) is required","key":"a"}"#)
        #expect(render.stdout.split(separator: "\n").last == #"{"id":"3","error":"line 3: the request needs a \"locale\" string"}"#)
    }

    // MARK: format: nothing on stdout on an error

    /// Arguments that do not fit the message: an error with the key as its subject,
    /// nothing on stdout, exit 2; `--lenient` prints the half-filled text anyway.
    @Test func formatArgumentMismatchPrintsNothingUnlessLenient() async throws {
        let folder = try TemporaryFolder("herald-voice")
        try folder.write(#""hello" = "Hello %@, you have %d messages";"#, to: "Localizations/en.lproj/Localizable.strings")
        let tables = folder.path + "/Localizations"
        for fullParse in [false, true] {
            let environment = fullParse ? ["HERALD_FULL_PARSE": "1"] : [:]
            let strict = try await HeraldBinary.run(
                ["format", "--tables", tables, "--key", "hello", "--locale", "en", "--arg", "Ana"], environment: environment)
            // "%d" is the second specifier and only "Ana" is given (counted by hand).
            let mismatch = "herald: error: hello: '%d' reads argument 2, but only 1 given; left empty [missing-argument]\n"
            #expect(strict.status == 2)
            #expect(strict.stdout == "")
            #expect(strict.stderr == mismatch + "herald: note: --lenient prints the text anyway\n")
            let lenient = try await HeraldBinary.run(
                ["format", "--tables", tables, "--key", "hello", "--locale", "en", "--arg", "Ana", "--lenient"],
                environment: environment)
            #expect(lenient.status == 2)
            #expect(lenient.stdout == "Hello Ana, you have  messages\n")
            #expect(lenient.stderr == mismatch)
        }
    }

    // MARK: seal --public-key

    @Test func sealPublicKeySaysWhatItExpects() async throws {
        let folder = try TemporaryFolder("herald-voice")
        let push = try folder.write(
            #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Meet at noon","from":"HQ"}}"#,
            to: "push.json")
        let cases: [(key: String, found: String)] = [
            ("AAA", "found 3 characters, not a whole number of base64 groups of 4"),
            ("AAAA", "found 3 bytes"),
            ("not base64!", "found a character that is not base64 at offset 3"),
        ]
        for c in cases {
            let r = try await HeraldBinary.run(
                ["seal", "--payload", push, "--key-id", "k1", "--public-key", c.key], environment: ["HERALD_STORE": folder.path])
            #expect(r.status == 2, "\(c.key)")
            #expect(r.stdout == "", "\(c.key)")
            #expect(r.stderr == "herald: error: --public-key: expects a 32-byte base64 X25519 key; \(c.found)\n", "\(c.key)")
        }
    }

    // MARK: a key in the wrong table

    /// A loc-key that is not in `Localizable` but in another table says which one has it,
    /// in `render` (a warning; the push falls back) and in `format` (the error).
    @Test func missingKeySaysWhichOtherTableHasIt() async throws {
        let folder = try TemporaryFolder("herald-voice")
        try folder.write(
            #""fallback.title" = "New notification"; "fallback.body" = "Open the app to see it.";"#,
            to: "Localizations/en.lproj/Localizable.strings")
        try folder.write(#""promo.body" = "Half price today";"#, to: "Localizations/en.lproj/Alerts.strings")
        let tables = folder.path + "/Localizations"
        let push = try folder.write(#"{"aps":{"alert":{"loc-key":"promo.body"},"mutable-content":1}}"#, to: "push.json")
        let render = try await HeraldBinary.run(
            ["render", "--payload", push, "--locale", "en", "--tables", tables, "--store", folder.path + "/store"])
        #expect(render.status == 3, "\(render.stderr)")
        #expect(try JSONParser.parse(render.stdout)["aps"]?["alert"]?["body"]?.stringValue == "Open the app to see it.")
        #expect(
            render.stderr.contains(
                "herald: warning: key 'promo.body' is not in table 'Localizable' for en (looked in en); table 'Alerts' has it\n"),
            "\(render.stderr)")

        let format = try await HeraldBinary.run(["format", "--tables", tables, "--key", "promo.body", "--locale", "en"])
        #expect(format.status == 4)
        #expect(format.stdout == "")
        #expect(
            format.stderr
                == "herald: error: key 'promo.body' is not in table 'Localizable' for en (looked in en); table 'Alerts' has it\n")
    }
}
