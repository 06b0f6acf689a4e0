import Foundation
import HeraldJSON
import Testing

/// `herald format` as a subprocess, against tables written here by hand.
@Suite struct FormatCLITests {
    /// A temporary Localizations folder: en and ar tables, a .stringsdict and an ICU table.
    static func makeTables() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-format-\(UUID().uuidString)")
        let en = root.appendingPathComponent("en.lproj")
        let ar = root.appendingPathComponent("ar.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: ar, withIntermediateDirectories: true)
        try """
            "hello" = "Hello %@, you have %d messages";
            "price" = "Price: %@";
            """.write(to: en.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        try #"""
            "items" = "{0, plural, one {# item} other {# items}} for {1}";
            """#.write(to: en.appendingPathComponent("Notifications.icu.strings"), atomically: true, encoding: .utf8)
        let dict = { (forms: String) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>files</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  \(forms)
                </dict>
              </dict>
            </dict></plist>
            """
        }
        try dict("<key>one</key><string>%d file</string><key>other</key><string>%d files</string>")
            .write(to: en.appendingPathComponent("Localizable.stringsdict"), atomically: true, encoding: .utf8)
        try dict("<key>few</key><string>%d ملفات</string><key>other</key><string>%d ملف</string>")
            .write(to: ar.appendingPathComponent("Localizable.stringsdict"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func plainText() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try await HeraldBinary.run(["format", "--tables", root.path, "--key", "hello", "--locale", "de-DE", "--arg", "Ana", "--arg", "1234"])
        #expect(r.status == 0)
        // Served by en, formatted for de-DE (the requested locale).
        #expect(r.stdout == "Hello Ana, you have 1.234 messages\n")
    }

    @Test func jsonWithPluralAndRequestedRegion() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try await HeraldBinary.run(["format", "--tables", root.path, "--key", "files", "--locale", "ar-EG", "--arg", "3", "--json", "--no-isolate"])
        #expect(r.status == 0)
        let v = try JSONParser.parse(r.stdout.trimmingCharacters(in: .newlines))
        #expect(v["text"]?.stringValue == "٣ ملفات")
        #expect(v["servedBy"]?.stringValue == "ar")
        #expect(v["key"]?.stringValue == "files")
        #expect(v["plural"]?["n"]?.stringValue == "few")
    }

    @Test func exitCodes() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try await HeraldBinary.run(["format", "--tables", root.path, "--key", "nope", "--locale", "en"])
        #expect(missing.status == 4)
        #expect(missing.stderr.contains("nope"))
        let tooFew = try await HeraldBinary.run(["format", "--tables", root.path, "--key", "hello", "--locale", "en", "--arg", "Ana"])
        #expect(tooFew.status == 2)
        #expect(tooFew.stdout == "")  // a mismatch prints nothing on stdout without --lenient
        let lenient = try await HeraldBinary.run(
            ["format", "--tables", root.path, "--key", "hello", "--locale", "en", "--arg", "Ana", "--lenient"])
        #expect(lenient.status == 2)
        #expect(lenient.stdout == "Hello Ana, you have  messages\n")
        #expect(tooFew.stderr.contains("missing-argument"))
        let badLocale = try await HeraldBinary.run(["format", "--tables", root.path, "--key", "hello", "--locale", "!!"])
        #expect(badLocale.status == 2)
        let noKey = try await HeraldBinary.run(["format", "--tables", root.path, "--locale", "en"])
        #expect(noKey.status == 2)
    }

    /// `herald format`'s quick argument reader answers exactly as ArgumentParser does
    /// (`HERALD_FULL_PARSE=1`): same output, messages and exit status, for the one-shot
    /// form, `--batch`, and bad command lines alike.
    @Test func quickArgumentsAnswerLikeArgumentParser() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let t = root.path
        let batch = root.appendingPathComponent("batch.jsonl")
        try #"""
            {"key": "files", "locale": "ar-EG", "args": [3]}
            {"key": "hello", "locale": "de", "args": ["Ana", 2]}
            {"key": "nope", "locale": "en"}
            """#.write(to: batch, atomically: true, encoding: .utf8)
        let cases: [[String]] = [
            ["--tables", t, "--key", "hello", "--locale", "de-DE", "--arg", "Ana", "--arg", "1234"],
            ["--tables=\(t)", "--key=files", "--locale=ar-EG", "--arg=3", "--json", "--no-isolate"],
            ["--key", "files", "--locale", "ar", "--arg", "11", "--tables", t, "--json"],
            ["--key", "items", "--table", "Notifications.icu", "--locale", "en", "--arg", "2", "--arg", "Bo", "--tables", t],
            ["--key", "hello", "--locale", "en", "--device", "ipad", "--width", "20", "--tables", t, "--arg", "A", "--arg", "1"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--arg", "Ana"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--arg", "Ana", "--lenient"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--lenient", "--lenient"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--arg", "Ana", "--arg", "1", "--arg", "extra"],
            ["--key", "nope", "--locale", "en", "--tables", t],
            ["--key", "hello", "--locale", "!!", "--tables", t],
            ["--locale", "en", "--tables", t],
            ["--key", "hello", "--tables", t],
            ["--key", "hello", "--locale", "en", "--tables", root.path + "/no-such-folder"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--width", "wide"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--width", "-3"],
            ["--key", "hello", "--locale", "en", "--locale", "de", "--tables", t],
            ["--key", "hello", "--locale", "en", "--tables", t, "--json", "--json"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--json=yes"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--bogus", "1"],
            ["--key", "hello", "--locale", "en", "--tables"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--arg", "-5"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--arg="],
            ["--key", "hello", "--locale", "en", "--tables", t, "stray"],
            ["--key", "hello", "--locale", "en", "--tables", t, "--time-zone", "Mars/Olympus"],
            ["--batch", batch.path, "--tables", t],
            ["--batch", batch.path, "--tables", t, "--no-isolate", "--device", "mac", "--table", "Localizable"],
            ["--batch", batch.path, "--tables", t, "--key", "hello"],
            ["--batch", root.path + "/missing.jsonl", "--tables", t],
        ]
        for arguments in cases {
            let quick = try await HeraldBinary.run(["format"] + arguments)
            let full = try await HeraldBinary.run(["format"] + arguments, environment: ["HERALD_FULL_PARSE": "1"])
            #expect(quick.status == full.status, "\(arguments)")
            #expect(quick.stdout == full.stdout, "\(arguments)")
            #expect(quick.stderr == full.stderr, "\(arguments)")
        }
        // Requests from standard input.
        let input = Data(try String(contentsOf: batch, encoding: .utf8).utf8)
        let quick = try await HeraldBinary.run(["format", "--batch", "-", "--tables", t], stdin: input)
        let full = try await HeraldBinary.run(["format", "--batch", "-", "--tables", t], environment: ["HERALD_FULL_PARSE": "1"], stdin: input)
        #expect(quick.status == 0 && quick.status == full.status)
        #expect(quick.stdout == full.stdout && quick.stderr == full.stderr)
        #expect(quick.stdout.split(separator: "\n").count == 3)
    }

    @Test func batchKeepsWrittenDecimalsAndOrder() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let input = """
            {"key": "price", "locale": "en", "args": [1.50]}
            not json
            {"key": "files", "locale": "en", "args": ["1"]}
            {"key": "nope", "locale": "en"}
            {"key": "items", "table": "Notifications.icu", "locale": "en", "args": [2, "Bo %d {0}"]}

            """
        let r = try await HeraldBinary.run(["format", "--tables", root.path, "--batch", "-"], stdin: Data(input.utf8))
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        guard lines.count == 5 else { return }
        let values = try lines.map { try JSONParser.parse($0) }
        #expect(values[0]["text"]?.stringValue == "Price: 1.50")
        #expect(values[1]["error"]?.stringValue?.hasPrefix("line 2, column ") == true)
        #expect(values[2]["text"]?.stringValue == "1 file")
        #expect(values[2]["plural"]?["n"]?.stringValue == "one")
        #expect(values[3]["error"] != nil)
        #expect(values[3]["text"] == nil)
        #expect(values[4]["text"]?.stringValue == "2 items for Bo %d {0}")
    }

    /// A batch larger than the reader's 128 KiB block, with lines cut by the
    /// block's end, a line longer than a block, empty lines and a last line
    /// without a newline: every line answered once, in order, with its number,
    /// from a file and from standard input alike.
    @Test func batchLinesAcrossReadBlocks() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let long = String(repeating: "x", count: 300_000)
        var input = ""
        var expected: [String] = []
        for i in 0..<3000 {
            if i == 1500 {
                input += "{\"key\": \"hello\", \"locale\": \"en\", \"args\": [\"\(long)\", 1]}\n\n\n"
                expected.append("Hello \(long), you have 1 messages")
                input += "not json\n"
                expected.append("error line 1504")  // 1,500 requests, the long one and two empty lines before it
            }
            input += "{\"key\": \"hello\", \"locale\": \"en\", \"args\": [\"N\(i)\", \(i % 1000)]}\n"
            expected.append("Hello N\(i), you have \(i % 1000) messages")
        }
        input += "{\"key\": \"hello\", \"locale\": \"en\", \"args\": [\"last\", 5]}"
        expected.append("Hello last, you have 5 messages")
        let file = root.appendingPathComponent("big.jsonl")
        try input.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try await HeraldBinary.run(["format", "--tables", root.path, "--batch", file.path])
        let fromStdin = try await HeraldBinary.run(["format", "--tables", root.path, "--batch", "-"], stdin: Data(input.utf8))
        for r in [fromFile, fromStdin] {
            #expect(r.status == 0)
            let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.count == expected.count + 1)  // the last answer ends with a newline too
            guard lines.count == expected.count + 1 else { continue }
            #expect(lines.last == "")
            var mismatches = 0
            for (line, want) in zip(lines, expected) {
                let value = try JSONParser.parse(line)
                let got = value["text"]?.stringValue
                    ?? value["error"]?.stringValue.map { "error " + $0.prefix { $0 != ":" && $0 != "," } }
                if got != want { mismatches += 1 }
            }
            #expect(mismatches == 0)
        }
        #expect(fromFile.stdout == fromStdin.stdout)
    }

    /// Lines the batch decodes on its fast path and lines it leaves to the
    /// full JSON parser (an escape, a nested member, a repeated member) are
    /// answered alike, and every line keeps its place.
    @Test func batchFastAndGeneralPathsAnswerAlike() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let input = """
            {"key": "files", "locale": "en", "args": [1]}
            {"key": "fil\\u0065s", "locale": "en", "args": [1]}
            {"id": {"batch": [1, {"n": null}]}, "key": "hello", "locale": "de-DE", "args": ["Ana", 1234]}
            {"id": "a\\tb", "key": "hello", "locale": "de-DE", "args": ["Ana", 1234]}
            {"key": "price", "locale": "en", "args": [false], "key": "hello", "args": ["Bo", 2]}
            {"key": "hello", "locale": "en", "args": ["Bo", 2,]}
            {"key": "files", "locale": "ar-EG", "args": [3], "width": 20}

            """
        let r = try await HeraldBinary.run(["format", "--tables", root.path, "--batch", "-"], stdin: Data(input.utf8))
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        guard lines.count == 7 else { return }
        // The same request, fast path and parser path: byte-identical answers.
        #expect(lines[0] == lines[1])
        #expect(lines[2] == lines[3])
        let values = try lines.map { try JSONParser.parse($0) }
        #expect(values[0]["text"]?.stringValue == "1 file")
        #expect(values[2]["text"]?.stringValue == "Hello Ana, you have 1.234 messages")
        // A repeated member: the last one counts, as in JSONParser.
        #expect(values[4]["text"]?.stringValue == "Hello Bo, you have 2 messages")
        #expect(values[5]["error"]?.stringValue == "line 6, column 51: not JSON: trailing comma in an array")
        #expect(values[6]["text"]?.stringValue == "\u{2068}٣\u{2069} ملفات")
        #expect(values[6]["locale"]?.stringValue == "ar-EG")
    }

    /// Every line answered the same whether the fast decoder takes it or the
    /// full JSON parser does. A byte-order mark in front of a line sends it to
    /// the parser (the fast decoder leaves BOMs to it; the parser skips one
    /// and counts columns after it), so each line is sent both ways.
    @Test func batchLinesAnswerTheSameOnBothPaths() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let lines = [
            #"{"key":"files","locale":"en","args":[21]}"#,
            #" { "locale" : "ar-EG" , "key" : "files" , "args" : [ 3 ] } "#,
            #"{"key":"hello","locale":"de-DE","args":["Zoë",-1234567],"table":"Localizable","device":"ipad","width":12}"#,
            #"{"key":"hello","locale":"en","args":[true,1.50]}"#,
            #"{"key":"hello","locale":"en","args":["a\"b",2]}"#,
            #"{"key":"price","locale":"en","args":[12345678901234567890123]}"#,
            #"{"key":"price","locale":"en","args":[1e3]}"#,
            #"{"key":"items","table":"Notifications.icu","locale":"en","args":[2,"Bo"]}"#,
            #"{"key":"files","locale":"en","args":[1],"extra":{"deep":[[],{},null,false]}}"#,
            #"{"key":"files","locale":"en","args":[1],"width":"wide"}"#,
            #"{"key":"files","locale":"en","args":[1],"width":2.5}"#,
            #"{"key":"files","locale":"en","key":"hello","args":["x",1]}"#,
            #"{"key":"files","locale":"en"}"#,
            #"{"key":"files","locale":"en","args":[]}"#,
            #"{"key":"files","locale":"en","args":[1,2]}"#,
            #"{"key":"nope","locale":"en"}"#,
            #"{"key":"files","locale":"!!"}"#,
            #"{"key":"files"}"#,
            #"{"key":5,"locale":"en"}"#,
            #"{"key":"files","locale":"en","args":[null]}"#,
            #"{"key":"files","locale":"en","args":[01]}"#,
            #"{"key":"files","locale":"en","args":[1],}"#,
            #"{"key":"files","locale":"en",}"#,
            #"[1,2]"#,
            #"{"key":"files","locale":"en"} {}"#,
            #"{"key":"files\u0000","locale":"en"}"#,
        ]
        var input = Data()
        for line in lines {
            input.append(Data(line.utf8) + Data([0x0A]))
            input.append(Data([0xEF, 0xBB, 0xBF]) + Data(line.utf8) + Data([0x0A]))
        }
        let r = try await HeraldBinary.run(["format", "--tables", root.path, "--batch", "-"], stdin: input)
        #expect(r.status == 0)
        let answers = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(answers.count == 2 * lines.count)
        guard answers.count == 2 * lines.count else { return }
        for (i, line) in lines.enumerated() {
            // Errors name their line: the BOM copy is the next line.
            // ("line 3: …", or "line 3, column 7: not JSON: …").
            let fast = answers[2 * i].replacingOccurrences(of: "\"line \(2 * i + 1): ", with: "\"line N: ")
                .replacingOccurrences(of: "\"line \(2 * i + 1), ", with: "\"line N, ")
            let parsed = answers[2 * i + 1].replacingOccurrences(of: "\"line \(2 * i + 2): ", with: "\"line N: ")
                .replacingOccurrences(of: "\"line \(2 * i + 2), ", with: "\"line N, ")
            #expect(fast == parsed, "\(line)")
        }
    }

    /// Norwegian locales one after another in one process format in their own data, whatever was
    /// looked up before (the library's regression tests are LocaleOrderIndependenceTests). Golden:
    /// CLDR 42 nb/nn group with U+00A0 ("1 234"), as ICU 72's `unumf_formatInt` prints for each
    /// of them in a fresh process; ICU's root locale would print "1,234".
    @Test func norwegianGroupingInOneBatch() async throws {
        let tables = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Localizations").path
        let lines = ["nb", "nb-NO", "nn-NO", "nn", "nb"].map { #"{"key":"lottery.loss.body","locale":"\#($0)","args":[1234]}"# }
        let r = try await HeraldBinary.run(
            ["format", "--batch", "-", "--tables", tables], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(r.status == 0)
        let texts = try r.stdout.split(separator: "\n").map { try JSONParser.parse(String($0))["text"]?.stringValue ?? "" }
        #expect(texts.count == lines.count)
        for (line, text) in zip(lines, texts) { #expect(text.contains("1\u{A0}234"), "\(line): \(text)") }
    }
}
