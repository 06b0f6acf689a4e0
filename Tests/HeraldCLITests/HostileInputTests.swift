import Foundation
import HeraldTestSupport
import Testing
import HeraldDiagnostics

/// Hostile input to the real `herald` binary: what a user or an attacker
/// controls (table files, payloads, key ids, store files, arguments). Each case
/// asserts the exact error line and exit status, and that nothing else was
/// lost: no output written, the key folder and the store left as they were.
@Suite struct HostileInputTests {
    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    // MARK: herald export

    @Test func exportNamesEveryBrokenTableAndWritesNothing() async throws {
        let tables = try TemporaryFolder("herald-hostile")
        try tables.write(Self.bytes("\"greeting\" = \"Hello\";\n"), to: "en.lproj/Localizable.strings")
        try tables.write(Self.bytes("\"greeting\" = \"Bonj"), to: "fr.lproj/Localizable.strings")
        try tables.write(Self.bytes("\"greeting\" = \"Bon") + [0xFF] + Self.bytes("\";\n"), to: "de.lproj/Localizable.strings")
        let before = tables.contents()
        let r = try await HeraldBinary.run(["export", tables.path])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == """
            \(tables.path)/de.lproj/Localizable.strings:1:18: error: invalid UTF-8 byte 0xFF — the device drops the whole file [encoding]
            \(tables.path)/fr.lproj/Localizable.strings:1:14: error: unterminated quoted string — the device drops the whole file [syntax]

            """)
        #expect(tables.contents() == before)
    }

    @Test func exportWithAPathTrickInALocalizationWritesNothingOutsideTheOutput() async throws {
        let work = try TemporaryFolder("herald-hostile")
        try work.write(
            Self.bytes(#"{"sourceLanguage":"en","strings":{"greeting":{"localizations":{"../../escaped":{"stringUnit":{"state":"translated","value":"x"}},"fr":{"stringUnit":{"state":"translated","value":"Salut"}}}}}}"#),
            to: "in/Tricks.xcstrings")
        let out = work.path + "/deep/out"
        let r = try await HeraldBinary.run(["export", work.path + "/in", "--format", "strings", "--output", out])
        #expect(r.status == 1)
        #expect(r.stderr == """
            \(work.path)/in/Tricks.xcstrings:1:64: error: localization "../../escaped" of "greeting" is not a language id (letters, digits, '-', '_'); it is ignored [structure]

            """)
        // Nothing written at all: not the output, not the place the trick points to.
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!FileManager.default.fileExists(atPath: work.path + "/escaped.lproj"))
        #expect(Set(work.contents().keys) == ["in/Tricks.xcstrings"])
    }

    @Test func exportKeepsNulAndHugeValuesWhole() async throws {
        let tables = try TemporaryFolder("herald-hostile")
        let huge = String(repeating: "ü", count: 1 << 19)  // 1 MiB of UTF-8
        try tables.write(Self.bytes("\"nul\" = \"a") + [0] + Self.bytes("b\";\n\"huge\" = \"\(huge)\";\n"), to: "en.lproj/Localizable.strings")
        try tables.write(Self.bytes("\"nul\" = \"c\";\n"), to: "de.lproj/Localizable.strings")
        let r = try await HeraldBinary.run(["export", tables.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: [String: [String: String]]])
        #expect(object["en"]?["Localizable"]?["nul"] == "a\u{0}b")
        #expect(object["en"]?["Localizable"]?["huge"] == huge)
        #expect(object["de"]?["Localizable"]?["nul"] == "c")
        #expect(r.stdout.contains(#""a\u0000b""#))
    }

    // MARK: herald format

    /// en and de tables, and a French file a device drops (truncated).
    static func formatTables() throws -> TemporaryFolder {
        let tables = try TemporaryFolder("herald-hostile")
        try tables.write(bytes("\"greeting\" = \"Hello %@\";\n"), to: "en.lproj/Localizable.strings")
        try tables.write(bytes("\"greeting\" = \"Hallo %@\";\n"), to: "de.lproj/Localizable.strings")
        try tables.write(bytes("\"greeting\" = \"Bonj"), to: "fr.lproj/Localizable.strings")
        return tables
    }

    @Test func formatBatchAnswersEveryHostileLineAndTheGoodOnesStillRender() async throws {
        let tables = try Self.formatTables()
        let lines: [[UInt8]] = [
            Self.bytes(#"{"key":"greeting","locale":"de","args":["Ana"]}"#),
            Self.bytes(#"{"key":"greeting","locale":"de","args":["Ana""#),
            Self.bytes(#"{"key":"greeting","locale":"de","args":["A"#) + [0xFF] + Self.bytes(#""]}"#),
            Self.bytes(#"{"key":"greeting","locale":"de","x":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"),
            Self.bytes(#"{"key":"greeting","locale":"de","args":"Ana"}"#),
            Self.bytes(#"{"key":"greeting","locale":"de","args":[null]}"#),
            Self.bytes(#"{"key":"greeting","locale":"de","args":["Ana"],"table":"../en.lproj/Localizable"}"#),
            Self.bytes(#"{"key":"greeting","locale":"fr","args":["Zoë"]}"#),
        ]
        let input = lines.map { Data($0) + Data([0x0A]) }.reduce(Data(), +)
        let r = try await HeraldBinary.run(["format", "--batch", "-", "--tables", tables.path], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let answers = r.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
        #expect(answers.count == lines.count)
        guard answers.count == lines.count else { return }
        func error(_ i: Int) -> String? { answers[i]["error"] as? String }
        #expect(answers[0]["text"] as? String == "Hallo Ana")
        #expect(answers[0]["servedBy"] as? String == "de")
        #expect(error(1) == "line 2, column 46: not JSON: unexpected end of input in an array")
        #expect(error(2) == "line 3, column 43: not JSON: invalid UTF-8 byte 0xff")
        // `{"key":"greeting","locale":"de","x":` is 36 bytes; the '[' at depth 512 is the 512th.
        #expect(error(3) == "line 4, column \(36 + 511 + 1): not JSON: nesting deeper than 512 levels")
        #expect(error(4) == "line 5: \"args\" must be an array")
        #expect(answers[4]["key"] as? String == "greeting" && answers[4]["locale"] as? String == "de")
        #expect(error(5) == "line 6: args[0] must be a string or a number, not null")
        #expect(error(6)?.hasPrefix("line 7: key 'greeting' is not in table '../en.lproj/Localizable' for de (") == true)
        // The dropped French file: a French device is served by English.
        #expect(answers[7]["text"] as? String == "Hello Zoë")
        #expect(answers[7]["servedBy"] as? String == "en")
    }

    @Test func formatWithATableNameThatIsAPathFindsNothing() async throws {
        let tables = try Self.formatTables()
        for table in ["../en.lproj/Localizable", "/etc/passwd", "en.lproj/Localizable", "Localizable.strings"] {
            let r = try await HeraldBinary.run([
                "format", "--key", "greeting", "--locale", "en", "--arg", "Ana", "--table", table, "--tables", tables.path,
            ])
            #expect(r.status == 4, "\(table)")
            #expect(r.stdout == "")
            #expect(r.stderr.hasPrefix("herald: error: key 'greeting' is not in table '\(table)' for en ("), "\(r.stderr)")
        }
        let good = try await HeraldBinary.run(["format", "--key", "greeting", "--locale", "en", "--arg", "Ana", "--tables", tables.path])
        #expect(good.status == 0)
        #expect(good.stdout == "Hello Ana\n")
    }

    // MARK: herald seal

    struct SealCase: Sendable, CustomStringConvertible {
        var name: String
        var stdin: [UInt8]
        var arguments: [String]
        var error: String
        var status: Int32
        var description: String { name }
    }

    static let payload = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Meet at noon"}}"#

    static let sealCases: [SealCase] = [
        SealCase(
            name: "truncated payload", stdin: bytes(String(payload.prefix(20))), arguments: [],
            error: "herald: error: <stdin>:1:21: not valid JSON: unterminated string\n", status: 2),
        SealCase(
            name: "10,000-deep payload",
            stdin: bytes(#"{"aps":{},"herald":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"),
            arguments: [],
            // `{"aps":{},"herald":` is 19 bytes; the root is depth 0, the '[' at depth 512 is the 512th.
            error: "herald: error: <stdin>:1:\(19 + 511 + 1): not valid JSON: nesting deeper than 512 levels\n", status: 2),
        SealCase(
            name: "invalid UTF-8", stdin: bytes(#"{"aps":{"alert":"a"#) + [0xC0, 0xAF] + bytes(#""}}"#), arguments: [],
            error: "herald: error: <stdin>:1:19: not valid JSON: invalid UTF-8 byte 0xc0\n", status: 2),
        SealCase(
            name: "raw NUL byte", stdin: bytes(#"{"aps":{"alert":"a"#) + [0] + bytes(#""}}"#), arguments: [],
            error: "herald: error: <stdin>:1:19: not valid JSON: control character in string (must be escaped)\n", status: 2),
        SealCase(
            name: "wrong type: herald is an array", stdin: bytes(#"{"aps":{"alert":"x"},"herald":[]}"#), arguments: [],
            error: "herald: error: <stdin>:1:31: /herald: \"herald\" must be an object, found an array\n", status: 2),
        SealCase(
            name: "already sealed", stdin: bytes(#"{"aps":{"alert":"x","mutable-content":1},"herald":{"sealed":{"v":1}}}"#), arguments: [],
            error: "herald: error: cannot seal: the payload's \"herald\" is already sealed\n", status: 2),
        SealCase(
            name: "path trick in the key id", stdin: bytes(payload), arguments: ["--key-id", "../../etc/passwd"],
            error: "herald: error: invalid key id \"../../etc/passwd\" (use letters, digits, '.', '_', '-'; at most 64; no leading dot)\n",
            status: 2),
    ]

    @Test(arguments: sealCases) func sealRefusesHostilePayloadsAndTouchesNoKey(_ c: SealCase) async throws {
        let store = try TemporaryFolder("herald-hostile")
        let keys = store.path + "/keys"
        let made = try await HeraldBinary.run(["keygen", "--keys", keys, "--id", "device1"])
        #expect(made.status == 0, "\(made.stderr)")
        let before = store.contents()
        var arguments = ["seal", "--payload", "-", "--keys", keys]
        arguments += c.arguments.isEmpty ? ["--key-id", "device1"] : c.arguments
        let r = try await HeraldBinary.run(arguments, stdin: Data(c.stdin))
        #expect(r.status == c.status)
        #expect(r.stderr == c.error)
        #expect(r.stdout == "")
        #expect(store.contents() == before)
    }

    // MARK: herald store

    @Test func storeRefusesHostileArgumentsAndStaysUnchanged() async throws {
        let store = try TemporaryFolder("herald-hostile")
        let added = try await HeraldBinary.run([
            "store", "add-ticket", "--game", "powerball", "--numbers", "4,11,23,45,61", "--bonus", "9",
            "--draw", "2026-11-18", "--store", store.path,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let listBefore = try await HeraldBinary.run(["store", "list", "tickets", "--store", store.path])
        let before = store.contents()
        let cases: [([String], String)] = [
            (["add-ticket", "--game", "powerball", "--numbers", "4,11,23,45,99999999999999999999", "--bonus", "9"],
             "herald: error: --numbers: '99999999999999999999' is not a whole number (expected a comma-separated list like 1,2,3)\n"),
            (["add-reminder", "--id", "../../etc/passwd", "--title", "x", "--due", "2026-11-21T18:30:00Z"],
             "herald: error: --id: '../../etc/passwd' is not a UUID\n"),
            (["add-reminder", "--id", "D82ED5AE-C363-46AF-9B0D-301C2E21C58E", "--title", "x", "--due", "2026-11-21T18:30:00"],
             "herald: error: --due: '2026-11-21T18:30:00' is not an ISO 8601 date-time with a zone (e.g. 2026-11-21T18:30:00Z)\n"),
        ]
        for (arguments, error) in cases {
            let r = try await HeraldBinary.run(["store"] + arguments + ["--store", store.path])
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr == error)
            #expect(r.stdout == "")
        }
        // The refused commands left every file of the store as it was…
        #expect(store.contents() == before)
        // …and the store still reads back the same.
        let listAfter = try await HeraldBinary.run(["store", "list", "tickets", "--store", store.path])
        #expect(listAfter.stdout == listBefore.stdout)
        #expect(listAfter.stdout == "1\tpowerball\t2026-11-18\t4,11,23,45,61\t9\t-\n")
    }

    @Test func storeNeverOverwritesAFileThatIsNotItsDatabase() async throws {
        let store = try TemporaryFolder("herald-hostile")
        let garbage = Self.bytes("this is not SQLite\n") + [0, 0xFF, 0xFE] + [UInt8](repeating: 0x41, count: 4096)
        try store.write(garbage, to: "herald.sqlite")
        let r = try await HeraldBinary.run(["store", "badge", "--increment", "1", "--store", store.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("herald: error: store \(store.path)/herald.sqlite is not a readable SQLite database ("))
        #expect(r.stdout == "")
        #expect(store.contents()["herald.sqlite"] == Data(garbage))
    }

    // MARK: hostile folders and files (links, pipes, sizes)

    /// Runs herald; a run still going after `seconds` is killed and fails the test (a
    /// watchdog that only turns a hang into a failure, not a time bound).
    static func runGuarded(_ arguments: [String], seconds: Int = 300, directory: String? = nil) async throws -> HeraldBinary.Result {
        let running = try Subprocess.Running(
            try HeraldBinary.url(), arguments, directory: directory.map { URL(fileURLWithPath: $0) })
        let pid = running.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: watchdog)
        let r = await running.finished()
        watchdog.cancel()
        #expect(r.status != SIGKILL, "herald \(arguments.joined(separator: " ")) hung and was killed")
        return r
    }

    /// en.lproj/Localizable.strings ("greeting" = "Hello") and a push that shows it.
    static func greetingTables() throws -> TemporaryFolder {
        let f = try TemporaryFolder("herald-hostile")
        try f.write(Self.bytes("\"greeting\" = \"Hello\";\n"), to: "Localizations/en.lproj/Localizable.strings")
        try f.write(Self.bytes(#"{"aps":{"alert":{"loc-key":"greeting"},"mutable-content":1}}"#), to: "push.json")
        return f
    }

    @Test func linksThatLoopDoNotHangFormatRenderOrExport() async throws {
        // `ln -s . a; ln -s . b` was 2^32 paths; ./Localizations is read by default, so
        // the commands run in the folder without --tables.
        let f = try Self.greetingTables()
        let tables = f.path + "/Localizations"
        try FileManager.default.createSymbolicLink(atPath: tables + "/a", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: tables + "/b", withDestinationPath: ".")
        let format = try await Self.runGuarded(["format", "--key", "greeting", "--locale", "en"], directory: f.path)
        #expect(format.status == 0)
        #expect(format.stdout == "Hello\n")
        let render = try await Self.runGuarded(
            ["render", "--payload", "push.json", "--locale", "en", "--store", f.path + "/store", "--deadline-ms", "60000"], directory: f.path)
        #expect(render.status == 0)
        #expect(render.stdout == #"{"aps":{"alert":{"body":"Hello"},"mutable-content":1}}"# + "\n")
        let export = try await Self.runGuarded(["export", tables, "--format", "json"])
        #expect(export.status == 0)
        #expect(export.stdout.contains(#""greeting""#))
        #expect(export.stderr == "")
    }

    @Test func aNamedPipeCalledLocalizableStringsIsRefusedNotWaitedFor() async throws {
        let f = try Self.greetingTables()
        let tables = f.path + "/Localizations"
        try FileManager.default.createDirectory(atPath: tables + "/fr.lproj", withIntermediateDirectories: true)
        #expect(mkfifo(tables + "/fr.lproj/Localizable.strings", 0o600) == 0)
        let validate = try await Self.runGuarded(["validate", tables])
        #expect(validate.status == 1)
        #expect(validate.stdout.hasPrefix("\(tables)/fr.lproj/Localizable.strings:1:1: error: is a named pipe, not a regular file; not read [io]\n"))
        let export = try await Self.runGuarded(["export", tables, "--format", "json"])
        #expect(export.status == 1)
        #expect(export.stderr == "\(tables)/fr.lproj/Localizable.strings: error: is a named pipe, not a regular file; not read [io]\n")
        // render reads only the tables of the locale's chain: French reads the pipe's
        // name, is refused, and falls back to English.
        let render = try await Self.runGuarded(
            ["render", "--payload", f.path + "/push.json", "--locale", "fr", "--tables", tables, "--store", f.path + "/store"])
        #expect(render.status == 0)
        #expect(render.stdout.contains(#""body":"Hello""#))
    }

    @Test func aTableLinkedOutOfTheRootIsNeitherReadNorQuoted() async throws {
        // `ln -s /etc/passwd en.lproj/Localizable.strings` in a pull request: the CI job
        // log and the SARIF upload must not receive the machine's files.
        let secret = try TemporaryFolder("herald-hostile")
        try secret.write(Self.bytes("root:x:0:0:SECRET-LINE:/root:/bin/bash\n"), to: "passwd")
        let f = try Self.greetingTables()
        let tables = f.path + "/Localizations"
        try FileManager.default.createDirectory(atPath: tables + "/de.lproj", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tables + "/de.lproj/Localizable.strings", withDestinationPath: secret.path + "/passwd")
        for format in ["text", "sarif", "json", "github"] {
            let r = try await Self.runGuarded(["validate", tables, "--format", format])
            #expect(r.status == 1, "\(format)")
            #expect(r.stdout.contains("is a symbolic link to a file outside the folder being read; not read"), "\(format)")
            #expect(!r.stdout.contains("SECRET") && !r.stderr.contains("SECRET"), "\(format)")
        }
        let export = try await Self.runGuarded(["export", tables, "--format", "json"])
        #expect(export.status == 1)
        #expect(export.stderr == "\(tables)/de.lproj/Localizable.strings: error: is a symbolic link to a file outside the folder being read; not read [io]\n")
        #expect(!export.stdout.contains("SECRET"))
    }

    @Test func validateQuotesAHugeKeyOnlyAsAShortEscapedExcerpt() async throws {
        // A key of 100,000 characters with an escape sequence that would clear a terminal.
        let f = try TemporaryFolder("herald-hostile")
        let key = "\u{1B}[2J" + String(repeating: "k", count: 100_000)
        try f.write(Self.bytes("\"\(key)\" = \"%@ and %d\";\n"), to: "en.lproj/Localizable.strings")
        try f.write(Self.bytes("\"\(key)\" = \"%d und %@\";\n"), to: "de.lproj/Localizable.strings")
        let r = try await Self.runGuarded(["validate", f.path])
        #expect(r.status == 1)
        #expect(!r.stdout.contains("\u{1B}"))
        for line in r.stdout.split(separator: "\n") { #expect(line.count < 600, "\(line.prefix(120))") }
    }

    @Test(arguments: [["render", "--payload", "push.json", "--locale", "en"], ["preview", "--locales", "en"], ["store", "badge"]])
    func aDeadlineTooLargeForTheClockIsRefused(_ command: [String]) async throws {
        // --deadline-ms 10000000000000 overflowed the clock's 64-bit nanoseconds and crashed.
        let f = try Self.greetingTables()
        let r = try await Self.runGuarded(command + ["--deadline-ms", "10000000000000", "--store", f.path + "/store"], directory: f.path)
        #expect(r.status == 2)
        // render's --deadline-ms is a flag of the stage (StageOptions.validate()): its error ends
        // with the pointer to the command's help, as ArgumentParser's own usage errors do.
        let hint = command[0] == "render" ? "See 'herald render --help' for more information.\n" : ""
        #expect(r.stderr == "herald: error: --deadline-ms must be \(command[0] == "store" ? 0 : 1)…3600000 milliseconds, found 10000000000000\n" + hint)
    }

    @Test func payloadsAndBatchLinesOverTheLimitAreRefusedWithTheLimit() async throws {
        let f = try TemporaryFolder("herald-hostile")
        let big = #"{"aps":{"alert":"x"},"pad":""# + String(repeating: "p", count: 1 << 20) + #""}"#
        try f.write(Self.bytes(big), to: "big.json")
        let one = try await Self.runGuarded(["render", "--payload", f.path + "/big.json", "--locale", "en", "--store", f.path + "/store"])
        #expect(one.status == 2)
        #expect(one.stderr == "herald: error: \(f.path)/big.json: more than 1 MiB, the most a payload file may hold\n")
        // A batch: the over-long line is answered with an error, the lines around it as usual.
        let good = #"{"id":1,"locale":"en","payload":{"aps":{"alert":"hi"}}}"#
        try f.write(Self.bytes(good + "\n" + #"{"id":2,"locale":"en","payload":"# + big + "}\n" + good + "\n"), to: "batch.jsonl")
        let batch = try await Self.runGuarded(["render", "--batch", f.path + "/batch.jsonl", "--store", f.path + "/store"])
        let lines = batch.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].prefix(200) == #"{"error":"line 2: the line is longer than 1 MiB, the most a batch line may hold; it was skipped"}"#)
        #expect(lines[0] == lines[2])
        try f.write(Self.bytes(#"{"key":"k","locale":"en","x":""# + String(repeating: "p", count: 1 << 20) + "\"}\n" + #"{"key":"k","locale":"en"}"# + "\n"), to: "format.jsonl")
        let format = try await Self.runGuarded(["format", "--batch", f.path + "/format.jsonl"])
        let formatLines = format.stdout.split(separator: "\n").map(String.init)
        #expect(formatLines.count == 2)
        #expect(formatLines.first == #"{"error":"line 1: the line is longer than 1 MiB, the most a batch line may hold; it was skipped"}"#)
    }

    /// A pull request's folder names reach validate's text and github output, and a file name
    /// from a script reaches every command's error line: their control characters are escaped
    /// (ESC ] 0 ; … BEL retitles a terminal, ESC [ 2 J clears it, a newline forges a line).
    @Test func folderAndFileNamesAreEscapedOnTheTerminal() async throws {
        let f = try TemporaryFolder("herald-hostile")
        let esc = "de\u{1B}[31m"
        try f.write(Array(#""k" = "v %@";"#.utf8), to: "en.lproj/Localizable.strings")
        try f.write(Array(#""other" = "x";"#.utf8), to: esc + ".lproj/Localizable.strings")
        for format in ["text", "github"] {
            let r = try await Self.runGuarded(["validate", f.path, "--format", format])
            #expect(!r.stdout.unicodeScalars.contains { $0.value == 0x1B }, "\(format): \(r.stdout)")
            #expect(r.stdout.contains("de\\u{1B}[31m.lproj"), "\(format): \(r.stdout)")
        }
        let missing = f.path + "/p\u{1B}]0;X\u{7}\nherald: forged.json"
        let r = try await Self.runGuarded(["render", "--payload", missing, "--locale", "en"])
        #expect(r.status == 2)
        #expect(!r.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

}
